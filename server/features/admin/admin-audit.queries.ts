import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { auditEvents } from "@shared/schema";
import type { AdminAuditQuery } from "@shared/validators/admin";
import type { DbOrTx } from "../../db";

const DAY_MS = 24 * 60 * 60 * 1000;

function auditFilter(q: AdminAuditQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (q.actorId) parts.push(eq(auditEvents.actorId, q.actorId));
  if (q.action) parts.push(eq(auditEvents.action, q.action));
  if (q.from) parts.push(gte(auditEvents.at, new Date(`${q.from}T00:00:00Z`)));
  // `to` is a whole day, inclusive
  if (q.to) parts.push(lt(auditEvents.at, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS)));
  return parts.length ? and(...parts) : undefined;
}

/** GET /api/admin/audit: one page of events, newest first, and the total. `details` stays on the server. */
export async function listAuditEvents(db: DbOrTx, q: AdminAuditQuery) {
  const where = auditFilter(q);
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorId: auditEvents.actorId,
      action: auditEvents.action,
      target: auditEvents.target,
      subjectUserId: auditEvents.subjectUserId,
      ip: auditEvents.ip,
      requestId: auditEvents.requestId,
    })
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ n }] = await db.select({ n: count() }).from(auditEvents).where(where);
  return { rows, total: n };
}
