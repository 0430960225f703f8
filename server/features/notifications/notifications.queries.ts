import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { notifications, type Notification } from "@shared/schema";
import type { NotificationDto } from "@shared/validators/notifications";
import type { DbOrTx } from "../../db";

export function presentNotification(n: Notification): NotificationDto {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    createdAt: n.createdAt.toISOString(),
    readAt: n.readAt ? n.readAt.toISOString() : null,
  };
}

/**
 * One page of the user's notifications, newest first, with the total of the list asked for and the unread count (the
 * bell's number): the page and the two counts by the user's indexes (notifications_user_idx, the partial unread one).
 */
export async function listNotifications(
  db: DbOrTx,
  p: { userId: number; unread: boolean; limit: number; offset: number },
): Promise<{ rows: Notification[]; total: number; unread: number }> {
  const mine = eq(notifications.userId, p.userId);
  const where = p.unread ? and(mine, isNull(notifications.readAt)) : mine;
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(p.limit)
    .offset(p.offset);
  const [counts] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
    })
    .from(notifications)
    .where(mine);
  return { rows, total: p.unread ? counts.unread : counts.total, unread: counts.unread };
}

/** Marks one of the user's notifications read (keeping the first read time); undefined when it is not theirs. */
export async function markNotificationRead(
  db: DbOrTx,
  p: { userId: number; id: number; now: Date },
): Promise<Notification | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${p.now})` })
    .where(and(eq(notifications.id, p.id), eq(notifications.userId, p.userId)))
    .returning();
  return row;
}

/** Marks every unread notification of the user read, in one statement; answers how many changed. */
export async function markAllNotificationsRead(db: DbOrTx, p: { userId: number; now: Date }): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: p.now })
    .where(and(eq(notifications.userId, p.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
