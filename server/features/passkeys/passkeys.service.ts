import { randomBytes } from "node:crypto";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Passkey, User } from "@shared/schema";
import { PASSKEY_MESSAGES, PASSKEYS_PER_USER_MAX, type RegisterPasskeyInput } from "@shared/validators/passkeys";
import type { PasskeyChallenge } from "../../auth/passkey-challenge";
import type { AppConfig } from "../../config";
import { runInTransaction, type Db, type Tx } from "../../db";
import { AppError, conflict, forbidden, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { MailMessage } from "../../lib/mail/mailer";
import { notify } from "../../lib/notifications";
import { enqueueEmail, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { passkeyAddedMail, passkeyRemovedMail } from "./passkey-mails";
import { VERIFY_EMAIL_FIRST } from "../../lib/route-registry";
import * as q from "./passkeys.queries";
import { relyingPartyOf } from "./relying-party";

export type PasskeyDeps = { db: Db; clock: Clock; config: Pick<AppConfig, "publicUrl" | "publicOrigin"> };
/** Adding and removing also tell the owner (e-mail and in-app notice), in the change's own transaction. */
export type PasskeyChangeDeps = PasskeyDeps & OutboxWriteDeps;

/** The browser gets this long to create or use a passkey (a hint; the session's challenge expires on its own). */
export const WEBAUTHN_TIMEOUT_MS = 60_000;

/** Transports the WebAuthn spec names; anything else a browser sends is dropped rather than stored. */
const KNOWN_TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

/** The owner hears of every change to how the account signs in: an e-mail and the same in-app notice. */
async function tell(tx: Tx, deps: PasskeyChangeDeps, userId: number, mail: MailMessage, kind: string, key: string) {
  const dedupeKey = `${kind}:${userId}:${key}`;
  await enqueueEmail(tx, deps, mail, { kind, dedupeKey });
  const body = mail.text.split("\n")[0];
  await notify(tx, deps, [{ userId, kind, title: mail.subject, body, link: "/settings", dedupeKey }]);
}

/**
 * A passkey is a way into the account that a password reset does not take away, so only an owner who has proved the
 * address may add one: otherwise whoever registered someone else's address first (account pre-hijacking, AUTH-12)
 * could keep a way in after its owner takes the account over.
 */
function assertAddressProved(user: User): void {
  if (!user.emailVerified) throw forbidden(VERIFY_EMAIL_FIRST);
}

const tooMany = () => conflict(`You can register at most ${PASSKEYS_PER_USER_MAX} passkeys. Remove one first.`);

/**
 * Options for navigator.credentials.create(): a discoverable credential with user verification (so it signs in on
 * its own), no attestation, and the user's existing passkeys excluded (the same authenticator twice is refused by
 * the browser). The user's passkeys share one random user handle; the first one gets a new handle.
 */
export async function startPasskeyRegistration(
  deps: PasskeyDeps,
  options: { user: User },
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; userHandle: string }> {
  const { user } = options;
  assertAddressProved(user);
  const existing = await q.listPasskeysOfUser(deps.db, user.id);
  if (existing.length >= PASSKEYS_PER_USER_MAX) throw tooMany();
  const userHandle = existing[0]?.userHandle ?? isoBase64URL.fromBuffer(randomBytes(32));
  const rp = relyingPartyOf(deps.config);
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const creation = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: displayName || user.email,
    userID: isoBase64URL.toBuffer(userHandle),
    timeout: WEBAUTHN_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { options: creation, userHandle };
}

export type FinishPasskeyRegistrationOptions = {
  user: User;
  input: RegisterPasskeyInput;
  /** The session's registration challenge, already taken (single use). */
  challenge: PasskeyChallenge;
};

/**
 * Verifies the authenticator's answer against the session's challenge, this site's origin and relying party id, and
 * user verification, then stores the credential and counts it on the user row in one transaction. A credential id
 * that is registered already (to anyone) is a 409; more than PASSKEYS_PER_USER_MAX is a 409 and stores nothing.
 */
export async function finishPasskeyRegistration(
  deps: PasskeyChangeDeps,
  options: FinishPasskeyRegistrationOptions,
): Promise<Passkey> {
  const { user, input, challenge } = options;
  const userId = user.id;
  assertAddressProved(user);
  if (challenge.userId !== userId || !challenge.userHandle) throw new AppError(400, PASSKEY_MESSAGES.expired);
  const rp = relyingPartyOf(deps.config);
  let credential;
  try {
    const verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verification.verified) throw new Error("not verified");
    credential = verification.registrationInfo.credential;
  } catch {
    throw new AppError(400, PASSKEY_MESSAGES.notVerified);
  }
  const transports = (credential.transports ?? []).filter((t) => KNOWN_TRANSPORTS.has(t));
  const userHandle = challenge.userHandle;
  return runInTransaction(deps.db, async (tx) => {
    const owner = await q.movePasskeyCount(tx, userId, 1);
    if (!owner) throw notFound();
    if (owner.passkeyCount > PASSKEYS_PER_USER_MAX) throw tooMany();
    const row = await q.insertPasskey(tx, {
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports,
      userHandle,
      name: input.name,
      createdAt: deps.clock.now(),
    });
    if (!row) throw conflict(PASSKEY_MESSAGES.alreadyRegistered);
    await tell(tx, deps, userId, passkeyAddedMail(owner.email, row.name), "passkey_added", String(row.id));
    return row;
  });
}

export function listPasskeys(deps: Pick<PasskeyDeps, "db">, options: { userId: number }): Promise<Passkey[]> {
  return q.listPasskeysOfUser(deps.db, options.userId);
}

/** Renames one of the user's own passkeys; another user's (or no such) passkey is a 404. */
export async function renamePasskey(
  deps: Pick<PasskeyDeps, "db">,
  options: { userId: number; id: number; name: string },
): Promise<Passkey> {
  const row = await q.renameOwnPasskey(deps.db, options);
  if (!row) throw notFound();
  return row;
}

/** Removes one of the user's own passkeys and uncounts it, in one transaction; not theirs (or none) is a 404. */
export async function deletePasskey(deps: PasskeyChangeDeps, options: { userId: number; id: number }): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    const name = await q.deleteOwnPasskey(tx, options);
    if (name === undefined) throw notFound();
    const owner = await q.movePasskeyCount(tx, options.userId, -1);
    if (owner)
      await tell(
        tx,
        deps,
        options.userId,
        passkeyRemovedMail(owner.email, name),
        "passkey_removed",
        String(options.id),
      );
  });
}

/**
 * Removes every passkey of the user and zeroes the count, in the caller's transaction: for when the account changes
 * hands (a Google sign-in taking over an address its earlier holder never proved, AUTH-12). Such an account cannot
 * have added one (assertAddressProved): this is the second line.
 */
export async function forgetPasskeys(tx: Tx, userId: number): Promise<void> {
  await q.deletePasskeysOfUser(tx, userId);
}
