import type { TrustedParty } from "@shared/schema";
import type { Tx } from "../../db";
import type { Clock } from "../../lib/clock";
import { dropUnsentMessages, enqueueEmail, tokenHashPrefix, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { assertCanMessageOthers } from "../../lib/outbox/message-caps";
import { generateToken, hashToken } from "../../lib/tokens";
import { trustedPartyInvitationMail } from "./trusted-party-mail";

/** Contract: the invitation link works for 120 hours. */
export const INVITATION_TTL_HOURS = 120;
const HOUR_MS = 60 * 60 * 1000;

export type Owner = { id: number; firstName: string | null; lastName: string | null; email: string };
export type Invitation = { token: string; tokenHash: string; expires: Date };
type MailCtx = { outbox: OutboxWriteDeps; publicUrl: string; clock: Clock };

/** A 256-bit token; only its SHA-256 is stored. The expiry counts from the injectable clock. */
export function freshInvitation(now: Date): Invitation {
  const token = generateToken();
  return { token, tokenHash: hashToken(token), expires: new Date(now.getTime() + INVITATION_TTL_HOURS * HOUR_MS) };
}

/** Every message about one party's link shares this dedupe-key prefix, so a new link can drop the old ones. */
export const invitationKeyPrefix = (partyId: number) => `trusted-party-invite:${partyId}:`;

/**
 * Queues the invitation in the caller's transaction, after the caps on messages to other people (429 rolls the
 * whole write back). Held until the owner's own e-mail is verified; an earlier unsent link for this party is dropped.
 */
export async function queueInvitation(
  tx: Tx,
  ctx: MailCtx,
  p: { party: TrustedParty; owner: Owner; invite: Invitation },
): Promise<void> {
  const { senderVerified } = await assertCanMessageOthers(tx, ctx, {
    senderUserId: p.owner.id,
    recipient: p.party.trustedPersonEmail,
  });
  await dropUnsentMessages(tx, { senderUserId: p.owner.id, dedupePrefix: invitationKeyPrefix(p.party.id) });
  const mail = trustedPartyInvitationMail({
    to: p.party.trustedPersonEmail,
    partyName: p.party.trustedPersonName,
    owner: p.owner,
    url: `${ctx.publicUrl}/trusted-party/${p.invite.token}`,
    expiresInHours: INVITATION_TTL_HOURS,
  });
  await enqueueEmail(tx, ctx.outbox, mail, {
    kind: "trusted_party_invitation",
    dedupeKey: `${invitationKeyPrefix(p.party.id)}${tokenHashPrefix(p.invite.tokenHash)}`,
    senderUserId: p.owner.id,
    toOthers: true,
    held: !senderVerified,
  });
}
