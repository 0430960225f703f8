import type { Logger } from "pino";
import type { TrustedParty } from "@shared/schema";
import {
  TRUSTED_PARTY_MAX,
  type CreateTrustedPartyInput,
  type UpdateTrustedPartyInput,
} from "@shared/validators/trusted-parties";
import { runInTransaction, type Db, type DbOrTx, type Tx } from "../../db";
import { nextRowId } from "../../db/row-ids";
import { AppError, conflict, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Keyring } from "../../lib/crypto/keyring";
import { notify } from "../../lib/notifications";
import { dropUnsentMessages, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { lockUser } from "../../lib/plan-limits";
import { lapsePartyRequests } from "../death-verification/lifecycle";
import { freshInvitation, invitationKeyPrefix, queueInvitation, type Owner } from "./invitation-mail";
import { dataKeyOf, decryptSecrets, encryptSecrets } from "./trusted-party-secrets";
import * as q from "./trusted-parties.queries";

export type TrustedPartyDeps = {
  db: Db;
  keyring: Keyring;
  outbox: OutboxWriteDeps;
  publicUrl: string;
  clock: Clock;
  logger: Logger;
};
type Owned = { userId: number; id: number };

export const NOT_INACTIVE_MESSAGE = "This trusted party has already accepted or been revoked.";
export const EMAIL_LOCKED_MESSAGE = "Only a pending invitation's e-mail can change: revoke and add the person again.";
export const TOO_MANY_MESSAGE = `You can name at most ${TRUSTED_PARTY_MAX} trusted parties.`;

/** The owner's trusted parties, newest first, decrypted (the presenter masks them). */
export async function listTrustedParties(deps: TrustedPartyDeps, p: { userId: number }): Promise<TrustedParty[]> {
  const rows = await q.listTrustedParties(deps.db, p.userId);
  if (rows.length === 0) return rows;
  const dek = await dataKeyOf(deps.db, deps.keyring, p.userId);
  return rows.map((row) => decryptSecrets(dek, row));
}

/** One of the owner's trusted parties, decrypted; another owner's id is the same 404 as a missing one. */
export async function getTrustedParty(deps: TrustedPartyDeps, p: Owned): Promise<TrustedParty> {
  const row = await q.findTrustedParty(deps.db, p);
  if (!row) throw notFound();
  return decryptSecrets(await dataKeyOf(deps.db, deps.keyring, p.userId), row);
}

/**
 * Names a trusted party (inactive until they accept) and queues their invitation in the same transaction, held
 * until the owner's own e-mail is verified and within the caps on messages to other people. The owner's row lock
 * makes the count and the insert one step, so parallel creates cannot pass the maximum.
 */
export async function createTrustedParty(
  deps: TrustedPartyDeps,
  p: { owner: Owner; input: CreateTrustedPartyInput },
): Promise<TrustedParty> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  const invite = freshInvitation(now);
  const userId = p.owner.id;
  return runInTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    if ((await q.countTrustedParties(tx, userId)) >= TRUSTED_PARTY_MAX) throw new AppError(403, TOO_MANY_MESSAGE);
    const id = await nextRowId(tx, "enhanced_trusted_parties");
    const dek = await dataKeyOf(tx, ctx.keyring, userId);
    const row = await q.insertTrustedParty(tx, {
      ...encryptSecrets(dek, { userId, rowId: id }, p.input),
      id,
      userId,
      status: "inactive",
      invitationTokenHash: invite.tokenHash,
      invitationExpires: invite.expires,
      createdAt: now,
      updatedAt: now,
    });
    await queueInvitation(tx, ctx, { party: row, owner: p.owner, invite });
    return decryptSecrets(dek, row);
  });
}

/**
 * Updates the owner's trusted party; status never comes from the body (the schema is strict). A new e-mail is only
 * allowed while the invitation is pending: it gets a fresh link (the old one dies with its hash), within the caps.
 */
export async function updateTrustedParty(
  deps: TrustedPartyDeps,
  p: { owner: Owner; id: number; input: UpdateTrustedPartyInput },
): Promise<TrustedParty> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  const owned = { userId: p.owner.id, id: p.id };
  return runInTransaction(db, async (tx) => {
    await lockUser(tx, p.owner.id);
    const current = await q.findTrustedPartyForUpdate(tx, owned);
    if (!current) throw notFound();
    const email = p.input.trustedPersonEmail;
    const emailChanged = email !== undefined && email !== current.trustedPersonEmail.toLowerCase();
    if (emailChanged && current.status !== "inactive") throw conflict(EMAIL_LOCKED_MESSAGE);
    const invite = emailChanged ? freshInvitation(now) : undefined;
    const dek = await dataKeyOf(tx, ctx.keyring, p.owner.id);
    const row = await q.updateTrustedParty(tx, owned, {
      ...encryptSecrets(dek, { userId: p.owner.id, rowId: p.id }, p.input),
      ...(invite ? { invitationTokenHash: invite.tokenHash, invitationExpires: invite.expires } : {}),
      updatedAt: now,
    });
    if (!row) throw notFound();
    if (invite) await queueInvitation(tx, ctx, { party: row, owner: p.owner, invite });
    return decryptSecrets(dek, row);
  });
}

/** Deletes the owner's trusted party and drops an invitation of theirs that has not left yet. */
export async function deleteTrustedParty(deps: TrustedPartyDeps, p: Owned): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    await lockUser(tx, p.userId);
    if (!(await q.deleteTrustedParty(tx, p))) throw notFound();
    await dropUnsentMessages(tx, { senderUserId: p.userId, dedupePrefix: invitationKeyPrefix(p.id) });
  });
}

/**
 * Revokes an invited or active party (one conditional update): the link dies, an unsent invitation is dropped, their
 * open death verification requests and answers lapse, and a linked person is told in-app. Revoking twice answers 409.
 */
export async function revokeTrustedParty(deps: TrustedPartyDeps, p: Owned): Promise<TrustedParty> {
  const now = deps.clock.now();
  return runInTransaction(deps.db, async (tx) => {
    await lockUser(tx, p.userId);
    if (!(await q.findTrustedParty(tx, p))) throw notFound();
    const row = await q.updateTrustedPartyIn(tx, p, ["inactive", "active"], {
      status: "revoked",
      revokedAt: now,
      invitationExpires: null,
      updatedAt: now,
    });
    if (!row) throw conflict("This trusted party is already revoked.");
    await dropUnsentMessages(tx, { senderUserId: p.userId, dedupePrefix: invitationKeyPrefix(p.id) });
    await lapsePartyRequests(tx, { partyId: row.id, now });
    if (row.trustedPersonId !== null) {
      await notify(tx, { clock: deps.clock }, [
        {
          userId: row.trustedPersonId,
          kind: "trusted_party_revoked",
          title: "You are no longer a trusted party",
          body: "Someone who had named you as a trusted party on Heirloom has withdrawn it.",
          link: "/trusted",
          dedupeKey: `trusted-party-revoked:${row.id}`,
        },
      ]);
    }
    return decryptSecrets(await dataKeyOf(tx, deps.keyring, p.userId), row);
  });
}

/** A new invitation link for a pending party (the previous link stops working), within the mail caps. */
export async function resendInvitation(deps: TrustedPartyDeps, p: { owner: Owner; id: number }): Promise<TrustedParty> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  const invite = freshInvitation(now);
  const owned = { userId: p.owner.id, id: p.id };
  return runInTransaction(db, async (tx) => {
    await lockUser(tx, p.owner.id);
    if (!(await q.findTrustedParty(tx, owned))) throw notFound();
    const row = await q.updateTrustedPartyIn(tx, owned, ["inactive"], {
      invitationTokenHash: invite.tokenHash,
      invitationExpires: invite.expires,
      updatedAt: now,
    });
    if (!row) throw conflict(NOT_INACTIVE_MESSAGE);
    await queueInvitation(tx, ctx, { party: row, owner: p.owner, invite });
    return decryptSecrets(await dataKeyOf(tx, ctx.keyring, p.owner.id), row);
  });
}

/** Every trusted party of the owner, oldest first, decrypted: the backup's copy, read in the caller's transaction. */
export async function listTrustedPartiesForBackup(
  tx: DbOrTx,
  keyring: Keyring,
  userId: number,
): Promise<TrustedParty[]> {
  const rows = (await q.listTrustedParties(tx, userId)).reverse();
  if (rows.length === 0) return rows;
  const dek = await dataKeyOf(tx, keyring, userId);
  return rows.map((row) => decryptSecrets(dek, row));
}

/** A trusted party a restore recreates: the owner's fields as the create form takes them, and its dates. */
export type RestoredTrustedParty = { input: CreateTrustedPartyInput; createdAt: Date; updatedAt: Date };

/**
 * Recreates a backup's trusted parties in the caller's transaction (the restore holds the owner's lock): `inactive`,
 * with no invitation and no linked account, the numbers encrypted under this owner's key and the new rows' ids. No
 * message is sent: the owner invites each person again from the list (resend invitation).
 */
export async function restoreTrustedParties(
  tx: Tx,
  keyring: Keyring,
  p: { userId: number; parties: RestoredTrustedParty[] },
): Promise<void> {
  if (p.parties.length === 0) return;
  const total = (await q.countTrustedParties(tx, p.userId)) + p.parties.length;
  if (total > TRUSTED_PARTY_MAX) {
    throw new AppError(403, `This restore would bring your trusted parties to ${total}: ${TOO_MANY_MESSAGE}`);
  }
  const dek = await dataKeyOf(tx, keyring, p.userId);
  for (const party of p.parties) {
    const id = await nextRowId(tx, "enhanced_trusted_parties");
    await q.insertTrustedParty(tx, {
      ...encryptSecrets(dek, { userId: p.userId, rowId: id }, party.input),
      id,
      userId: p.userId,
      status: "inactive",
      invitationTokenHash: null,
      invitationExpires: null,
      trustedPersonId: null,
      activatedAt: null,
      revokedAt: null,
      createdAt: party.createdAt,
      updatedAt: party.updatedAt,
    });
  }
}
