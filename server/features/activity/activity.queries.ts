import { desc, eq, or, sql } from "drizzle-orm";
import { auditEvents } from "@shared/schema";
import type { ActivityDto } from "@shared/validators/notifications";
import type { DbOrTx } from "../../db";

type AuditRow = typeof auditEvents.$inferSelect;

/** Detail keys never shown, whatever a feature recorded: addresses, contact details, anything token-like. */
const HIDDEN_DETAIL = /ip|address|email|phone|token|secret|hash|password|session|key|agent/i;
/** A value that looks like a token or a hash is never shown either. */
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/;

function safeDetails(details: unknown): ActivityDto["details"] {
  const out: ActivityDto["details"] = {};
  if (!details || typeof details !== "object" || Array.isArray(details)) return out;
  for (const [key, value] of Object.entries(details as Record<string, unknown>)) {
    if (HIDDEN_DETAIL.test(key)) continue;
    if (typeof value === "string") {
      if (!TOKEN_LIKE.test(value)) out[key] = value.slice(0, 200);
    } else if (typeof value === "number" || typeof value === "boolean" || value === null) {
      out[key] = value;
    }
  }
  return out;
}

/**
 * One event as its owner sees it: whether they did it themselves, never who else did (an id) nor from where (the
 * address and request id stay in the table for operators). A target that names a person by address is left out.
 */
export function presentActivity(row: AuditRow, userId: number): ActivityDto {
  const target = row.target && !row.target.includes("@") && !TOKEN_LIKE.test(row.target) ? row.target : null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actorId === userId ? "self" : "other",
    target,
    details: safeDetails(row.details),
  };
}

/**
 * The audit events about the user's own estate, newest first: what they did (actor) and what happened to it
 * (subject_user_id), by the two indexes on (actor_id, at) and (subject_user_id, at). With the total for X-Total-Count.
 */
export async function listActivity(
  db: DbOrTx,
  p: { userId: number; limit: number; offset: number },
): Promise<{ rows: ActivityDto[]; total: number }> {
  const mine = or(eq(auditEvents.actorId, p.userId), eq(auditEvents.subjectUserId, p.userId));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(mine)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(p.limit)
    .offset(p.offset);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEvents)
    .where(mine);
  return { rows: rows.map((r) => presentActivity(r, p.userId)), total };
}
