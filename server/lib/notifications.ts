import { and, eq, isNull, sql } from "drizzle-orm";
import { notifications } from "@shared/schema";
import type { DbOrTx } from "../db";
import { unnest } from "../db/unnest";
import type { Clock } from "./clock";

export type NewNotification = {
  userId: number;
  /** What it is about, for the client's icon and filters (trigger_warning, release_opened…); never content. */
  kind: string;
  title: string;
  body: string;
  /** An in-app path ("/time-triggers"), never a token-bearing link. */
  link?: string;
  /** The same event never notifies twice (a retried job): e.g. `trigger-warning:<trigger>:<rung>:<period start>`. */
  dedupeKey: string;
};

/**
 * Records in-app notifications in the caller's transaction, beside the e-mail the same event queues (contract:
 * whatever the product e-mails a user also appears here). One `INSERT … SELECT FROM unnest(…)` for any number of
 * them (one array parameter per column); a dedupe key already taken is skipped. Notifications carry no secrets and
 * no links with tokens. Answers how many were recorded.
 */
export async function notify(tx: DbOrTx, deps: { clock: Clock }, items: NewNotification[]): Promise<number> {
  if (items.length === 0) return 0;
  const createdAt = deps.clock.now();
  const result = await tx.execute(sql`
    insert into notifications (user_id, kind, title, body, link, dedupe_key, created_at)
    select user_id, kind, title, body, link, dedupe_key, ${createdAt}::timestamptz
    from ${unnest([
      [items.map((n) => n.userId), "int"],
      [items.map((n) => n.kind), "varchar"],
      [items.map((n) => n.title.slice(0, 200)), "varchar"],
      [items.map((n) => n.body), "text"],
      [items.map((n) => n.link ?? null), "varchar"],
      [items.map((n) => n.dedupeKey), "varchar"],
    ])} as n(user_id, kind, title, body, link, dedupe_key)
    on conflict (dedupe_key) do nothing
    returning id`);
  return result.rows.length;
}

/**
 * Marks the user's unread notifications of one kind read, in the caller's transaction: what they asked for is done
 * (the address was confirmed), so the bell no longer counts it.
 */
export async function settleNotifications(tx: DbOrTx, p: { userId: number; kind: string; now: Date }): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: p.now })
    .where(and(eq(notifications.userId, p.userId), eq(notifications.kind, p.kind), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
