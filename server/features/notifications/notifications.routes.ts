import { notificationListQuery } from "@shared/validators/notifications";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/app-error";
import { currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  presentNotification,
} from "./notifications.queries";

/**
 * In-app notifications (contract "Background work, messages and time"): the caller's own, newest first, paginated
 * (X-Total-Count) with the unread count in X-Unread-Count for the header bell; marking read. Another user's
 * notification id answers 404, as one that does not exist.
 */
export function registerNotificationRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;

  r.add({ method: "get", path: "/api/notifications", access: "user" }, async (req, res) => {
    const query = notificationListQuery.parse(req.query);
    const { rows, total, unread } = await listNotifications(db, { userId: currentUserId(req), ...query });
    res.setHeader("X-Total-Count", String(total));
    res.setHeader("X-Unread-Count", String(unread));
    res.json(rows.map(presentNotification));
  });

  r.add({ method: "post", path: "/api/notifications/read-all", access: "user" }, async (req, res) => {
    const updated = await markAllNotificationsRead(db, { userId: currentUserId(req), now: deps.clock.now() });
    res.json({ updated });
  });

  r.add(
    { method: "post", path: "/api/notifications/:id/read", access: "user", resource: "notification" },
    async (req, res) => {
      const row = await markNotificationRead(db, {
        userId: currentUserId(req),
        id: routeId(req),
        now: deps.clock.now(),
      });
      if (!row) throw notFound();
      res.json(presentNotification(row));
    },
  );
}
