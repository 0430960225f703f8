import type { AgentInvitation, User } from "@shared/schema";
import { AGENT_MESSAGES, type InviteClientInput } from "@shared/validators/agents";
import { runInTransaction, type Db } from "../../db";
import { AppError, conflict, forbidden, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { notify } from "../../lib/notifications";
import type { OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { lockUser } from "../../lib/plan-limits";
import { hashToken, isTokenShaped } from "../../lib/tokens";
import { dropInvitationMail, freshToken, invitationUrl, queueClientInvitation } from "./invitation-mail";
import * as q from "./agents.queries";

export type AgentDeps = { db: Db; clock: Clock; outbox: OutboxWriteDeps; publicUrl: string };

export const INVITATION_USED_MESSAGE = "This invitation has already been used.";
export const WRONG_ACCOUNT_MESSAGE =
  "This invitation was sent to a different e-mail address. Sign in with that address to accept it.";
export const OWN_INVITATION_MESSAGE = "You cannot accept your own invitation.";
export const SWITCH_AGENT_MESSAGE =
  "You already have an agent. Confirm that you want this agent to replace your current one.";
export const NOT_PENDING_MESSAGE = "Only a pending invitation can change.";

/**
 * Invites a client (the agent needs a profile: 400 otherwise). One transaction writes the invitation and queues its
 * e-mail; the link is answered once as `inviteUrl` and never readable again (only its hash is kept).
 */
export async function createInvitation(
  deps: AgentDeps,
  p: { agent: User; input: InviteClientInput },
): Promise<{ invitation: AgentInvitation; inviteUrl: string }> {
  const now = deps.clock.now();
  const token = freshToken(now);
  return runInTransaction(deps.db, async (tx) => {
    await lockUser(tx, p.agent.id);
    const profile = await q.findProfile(tx, p.agent.id);
    if (!profile) throw new AppError(400, AGENT_MESSAGES.profileRequired);
    const invitation = await q.insertInvitation(tx, {
      agentId: p.agent.id,
      email: p.input.email,
      firstName: p.input.firstName ?? null,
      lastName: p.input.lastName ?? null,
      tokenHash: token.tokenHash,
      expiresAt: token.expiresAt,
      status: "pending",
      createdAt: now,
    });
    await queueClientInvitation(tx, deps, { invitation, agent: p.agent, business: profile.businessName, token });
    return { invitation, inviteUrl: invitationUrl(deps.publicUrl, token.token) };
  });
}

/** Revokes the agent's own pending invitation: the link dies at once, unsent mail is dropped. */
export async function revokeInvitation(deps: AgentDeps, p: { agentId: number; id: number }) {
  const now = deps.clock.now();
  return runInTransaction(deps.db, async (tx) => {
    if (!(await q.findInvitation(tx, p))) throw notFound();
    const row = await q.updatePendingInvitation(tx, p, { status: "revoked", revokedAt: now });
    if (!row) throw conflict(NOT_PENDING_MESSAGE);
    await dropInvitationMail(tx, p.agentId, p.id);
    return row;
  });
}

/** A new link (and e-mail) for the agent's own pending invitation; the previous link stops working. */
export async function resendInvitation(deps: AgentDeps, p: { agent: User; id: number }) {
  const now = deps.clock.now();
  const token = freshToken(now);
  const owned = { agentId: p.agent.id, id: p.id };
  return runInTransaction(deps.db, async (tx) => {
    await lockUser(tx, p.agent.id);
    if (!(await q.findInvitation(tx, owned))) throw notFound();
    const row = await q.updatePendingInvitation(tx, owned, { tokenHash: token.tokenHash, expiresAt: token.expiresAt });
    if (!row) throw conflict(NOT_PENDING_MESSAGE);
    const profile = await q.findProfile(tx, p.agent.id);
    const business = profile?.businessName ?? "";
    await queueClientInvitation(tx, deps, { invitation: row, agent: p.agent, business, token });
    return { invitation: row, inviteUrl: invitationUrl(deps.publicUrl, token.token) };
  });
}

/** The invitation behind a token, or the contract's answer: unknown, expired and revoked 404, used 409. */
async function liveInvitation(db: Db, clock: Clock, token: string) {
  if (!isTokenShaped(token)) throw notFound();
  const row = await q.findByTokenHash(db, hashToken(token));
  if (!row || row.status === "revoked") throw notFound();
  if (row.status === "accepted") throw conflict(INVITATION_USED_MESSAGE);
  if (row.expiresAt <= clock.now()) throw notFound();
  return row;
}

/** What the invitation page shows (spec 001 §2): the invitee's names and e-mail, and who invites them. A read. */
export async function getInvitation(db: Db, clock: Clock, token: string) {
  const row = await liveInvitation(db, clock, token);
  const agentName = [row.agentFirstName, row.agentLastName].filter(Boolean).join(" ") || "Your agent";
  return { firstName: row.firstName ?? "", lastName: row.lastName ?? "", email: row.email, agentName };
}

/**
 * Accepts as the signed-in user, who must hold the invited address (403: the link alone is not enough). The agent is
 * taken from the invitation alone (MASS-03). A client who already has another agent must confirm the switch. One
 * conditional update decides, so parallel accepts cannot both win; the agent is told in the same transaction.
 */
export async function acceptInvitation(
  deps: AgentDeps,
  p: { token: string; user: User; switchAgent: boolean },
): Promise<{ agentId: number }> {
  const row = await liveInvitation(deps.db, deps.clock, p.token);
  if (row.agentId === p.user.id) throw forbidden(OWN_INVITATION_MESSAGE);
  if (row.email.toLowerCase() !== p.user.email.toLowerCase()) throw forbidden(WRONG_ACCOUNT_MESSAGE);
  return runInTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const me = await lockUser(tx, p.user.id);
    if (!me) throw notFound();
    if (me.agentId !== null && me.agentId !== row.agentId && !p.switchAgent) throw conflict(SWITCH_AGENT_MESSAGE);
    const accepted = await q.markAccepted(tx, { tokenHash: hashToken(p.token), userId: me.id, now });
    if (!accepted) throw conflict(INVITATION_USED_MESSAGE);
    await q.setClientAgent(tx, me.id, accepted.agentId, now);
    const name = [me.firstName, me.lastName].filter(Boolean).join(" ") || "A client";
    await notify(tx, deps, [
      {
        userId: accepted.agentId,
        kind: "agent_invitation_accepted",
        title: `${name} accepted your invitation`,
        body: `${name} is now one of your clients.`,
        link: "/agent-dashboard",
        dedupeKey: `agent-invitation-accepted:${accepted.id}`,
      },
    ]);
    return { agentId: accepted.agentId };
  });
}

/** The client ends the link to their agent (settings); the agent is told. Nothing else of theirs changes. */
export async function endAgentLink(deps: AgentDeps, p: { userId: number }): Promise<void> {
  await runInTransaction(deps.db, async (tx) => {
    const me = await lockUser(tx, p.userId);
    if (!me || me.agentId === null) throw notFound();
    await q.setClientAgent(tx, me.id, null, deps.clock.now());
    await notify(tx, deps, [
      {
        userId: me.agentId,
        kind: "agent_client_left",
        title: "A client ended their link with you",
        body: `${[me.firstName, me.lastName].filter(Boolean).join(" ") || "A client"} is no longer your client.`,
        link: "/agent-dashboard",
        dedupeKey: `agent-client-left:${me.id}:${deps.clock.now().getTime()}`,
      },
    ]);
  });
}
