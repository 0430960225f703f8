import type { TrustedPartyInvitationDto } from "@shared/api-types";
import { runInTransaction, type Db } from "../../db";
import { checkAccess } from "../../lib/access";
import { conflict, forbidden, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { notify } from "../../lib/notifications";
import { hashToken, isTokenShaped } from "../../lib/tokens";
import { presentInvitation } from "./trusted-parties.presenter";
import * as q from "./trusted-parties.queries";

export const INVITATION_USED_MESSAGE = "This invitation has already been accepted.";
export const WRONG_ACCOUNT_MESSAGE =
  "This invitation was sent to a different e-mail address. Sign in with that address to accept it.";

/**
 * The live invitation behind `token`, or the contract's answer: unknown, expired and revoked are the same 404, an
 * accepted one 409. Scoped by the token, which is the capability.
 */
async function liveInvitation(db: Db, clock: Clock, token: string) {
  if (!isTokenShaped(token)) throw notFound();
  const row = await q.findByTokenHash(db, hashToken(token));
  if (!row || row.status === "revoked") throw notFound();
  if (row.status === "active") throw conflict(INVITATION_USED_MESSAGE);
  if (!row.invitationExpires || row.invitationExpires <= clock.now()) throw notFound();
  return row;
}

/** What the invitation page shows. A read: nothing changes, however often it is opened. */
export async function getInvitation(db: Db, clock: Clock, token: string): Promise<TrustedPartyInvitationDto> {
  return presentInvitation(await liveInvitation(db, clock, token));
}

/**
 * Accepts the invitation as the signed-in `person`, who must hold the invited address (403 otherwise: the link
 * alone is not enough). One conditional update decides, so parallel accepts cannot both win; the owner is told in
 * the same transaction.
 */
export async function acceptInvitation(
  db: Db,
  clock: Clock,
  p: { token: string; person: { id: number; email: string } },
): Promise<{ ownerId: number; partyId: number }> {
  const row = await liveInvitation(db, clock, p.token);
  if (row.trustedPersonEmail.toLowerCase() !== p.person.email.toLowerCase() || row.userId === p.person.id) {
    throw forbidden(WRONG_ACCOUNT_MESSAGE);
  }
  return runInTransaction(db, async (tx) => {
    const now = clock.now();
    const accepted = await q.markAccepted(tx, { tokenHash: hashToken(p.token), personId: p.person.id, now });
    if (!accepted) throw conflict(INVITATION_USED_MESSAGE);
    await notify(tx, { clock }, [
      {
        userId: accepted.userId,
        kind: "trusted_party_accepted",
        title: `${accepted.trustedPersonName} accepted your invitation`,
        body: `${accepted.trustedPersonName} is now one of your active trusted parties.`,
        link: "/death-verification",
        dedupeKey: `trusted-party-accepted:${accepted.id}`,
      },
    ]);
    return { ownerId: accepted.userId, partyId: accepted.id };
  });
}

/**
 * The owners who named `personId` as a trusted party, kept to the rows the access policy lets them act on
 * (`trusted-party:act`: accepted and not revoked).
 */
export async function listTrustedFor(db: Db, personId: number): Promise<q.TrustedForRow[]> {
  const rows = await q.listRowsNaming(db, personId);
  const allowed = await checkAccess(
    db,
    { userId: personId },
    "trusted-party:act",
    rows.map((r) => r.id),
  );
  return rows.filter((r) => allowed.has(r.id));
}
