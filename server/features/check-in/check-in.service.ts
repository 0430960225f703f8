import { and, eq, isNull } from "drizzle-orm";
import { checkInTokens } from "@shared/schema";
import { runInTransaction } from "../../db";
import { conflict, notFound } from "../../lib/app-error";
import { hashToken } from "../../lib/tokens";
import { auditInTx } from "../triggers/trigger-audit";
import { onOwnerActivity, type ActivityDeps } from "./activity";

type CheckInDeps = ActivityDeps;
type RequestInfo = { requestId?: string | null; ip?: string | null };

export const LINK_USED_MESSAGE = "This check-in link has already been used. Sign in to check in again.";

/** "I'm still here" from the signed-in owner. */
export async function checkIn(deps: CheckInDeps, p: { userId: number; request?: RequestInfo }) {
  const now = deps.clock.now();
  await runInTransaction(deps.database.db, async (tx) => {
    await onOwnerActivity(tx, deps, p.userId, now);
    await auditInTx(tx, [
      {
        at: now,
        actorId: p.userId,
        subjectUserId: p.userId,
        action: "owner_checked_in",
        target: `user:${p.userId}`,
        details: { via: "session" },
        ...p.request,
      },
    ]);
  });
  return { checkedInAt: now.toISOString() };
}

/**
 * A warning's single-use link: the token is claimed with a conditional update (used once, even when two requests
 * race), then counts as the owner's activity. Unknown or expired → 404, already used → 409.
 */
export async function checkInByToken(deps: CheckInDeps, p: { token: string; request?: RequestInfo }) {
  const now = deps.clock.now();
  const tokenHash = hashToken(p.token);
  await runInTransaction(deps.database.db, async (tx) => {
    const [claimed] = await tx
      .update(checkInTokens)
      .set({ usedAt: now })
      .where(and(eq(checkInTokens.tokenHash, tokenHash), isNull(checkInTokens.usedAt)))
      .returning({ userId: checkInTokens.userId, expiresAt: checkInTokens.expiresAt });
    if (!claimed) {
      const [row] = await tx.select().from(checkInTokens).where(eq(checkInTokens.tokenHash, tokenHash));
      if (!row || row.expiresAt.getTime() <= now.getTime()) throw notFound();
      throw conflict(LINK_USED_MESSAGE);
    }
    if (claimed.expiresAt.getTime() <= now.getTime()) throw notFound();
    await onOwnerActivity(tx, deps, claimed.userId, now);
    await auditInTx(tx, [
      {
        at: now,
        actorId: claimed.userId,
        subjectUserId: claimed.userId,
        action: "owner_checked_in",
        target: `user:${claimed.userId}`,
        details: { via: "link" },
        ...p.request,
      },
    ]);
  });
  return { checkedInAt: now.toISOString() };
}
