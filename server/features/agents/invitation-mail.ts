import { INVITATION_TTL_HOURS } from "@shared/validators/agents";
import type { AgentInvitation } from "@shared/schema";
import type { Tx } from "../../db";
import type { Clock } from "../../lib/clock";
import { ownerDisplayName, subjectFirstName, withoutUrls } from "../../lib/mail/safe-text";
import { onBehalfLinkMail } from "../../lib/mail/templates";
import { dropUnsentMessages, enqueueEmail, tokenHashPrefix, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { assertCanMessageOthers } from "../../lib/outbox/message-caps";
import { generateToken, hashToken } from "../../lib/tokens";

const HOUR_MS = 60 * 60 * 1000;

export type AgentPerson = { id: number; firstName: string | null; lastName: string | null; email: string };
export type FreshToken = { token: string; tokenHash: string; expiresAt: Date };
type MailCtx = { outbox: OutboxWriteDeps; publicUrl: string; clock: Clock };

/** A 256-bit token (only its SHA-256 is stored), live 120 hours by the injectable clock. */
export function freshToken(now: Date): FreshToken {
  const token = generateToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * HOUR_MS) };
}

export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/invitation/${token}`;
const keyPrefix = (invitationId: number) => `agent-invite:${invitationId}:`;

/** Sent on an agent's behalf to someone else: user text kept down as in the other invitations (INJ-04). */
function clientInvitationMail(m: { to: string; name: string; agent: AgentPerson; business: string; url: string }) {
  const agentFirst = subjectFirstName(m.agent.firstName, "Your agent");
  const intro = `Hello ${withoutUrls(m.name).slice(0, 100) || "there"}, ${ownerDisplayName(m.agent)} (${withoutUrls(m.business).slice(0, 120)}) invites you to plan your digital legacy with Heirloom and to be their client.`;
  const ask = `Open this link and sign in (or create an account) with this e-mail address to accept. It expires in ${INVITATION_TTL_HOURS / 24} days:`;
  const outro =
    "Your agent will see your name, e-mail and plan, never your assets, will or beneficiaries. If you do not know this person, ignore this message.";
  return onBehalfLinkMail({
    to: m.to,
    subject: `${agentFirst} invited you to Heirloom`,
    intro,
    ask,
    url: m.url,
    outro,
  });
}

/**
 * Queues the invitation in the caller's transaction, within the caps on messages to other people (429 rolls the
 * whole write back); held until the agent's own e-mail is verified. An earlier unsent link for it is dropped.
 */
export async function queueClientInvitation(
  tx: Tx,
  ctx: MailCtx,
  p: { invitation: AgentInvitation; agent: AgentPerson; business: string; token: FreshToken },
): Promise<void> {
  const { senderVerified } = await assertCanMessageOthers(tx, ctx, {
    senderUserId: p.agent.id,
    recipient: p.invitation.email,
  });
  await dropUnsentMessages(tx, { senderUserId: p.agent.id, dedupePrefix: keyPrefix(p.invitation.id) });
  const name = [p.invitation.firstName, p.invitation.lastName].filter(Boolean).join(" ");
  const mail = clientInvitationMail({
    to: p.invitation.email,
    name,
    agent: p.agent,
    business: p.business,
    url: invitationUrl(ctx.publicUrl, p.token.token),
  });
  await enqueueEmail(tx, ctx.outbox, mail, {
    kind: "agent_invitation",
    dedupeKey: `${keyPrefix(p.invitation.id)}${tokenHashPrefix(p.token.tokenHash)}`,
    senderUserId: p.agent.id,
    toOthers: true,
    held: !senderVerified,
  });
}

/** Drops an invitation's mail that has not left yet (revoked). */
export function dropInvitationMail(tx: Tx, agentId: number, invitationId: number): Promise<unknown> {
  return dropUnsentMessages(tx, { senderUserId: agentId, dedupePrefix: keyPrefix(invitationId) });
}
