import { z } from "zod";

/** `?unread=1` (or `true`) keeps only the unread ones; anything else is every notification. */
const flag = z
  .enum(["0", "1", "true", "false"], { error: "Use 1 or 0" })
  .optional()
  .transform((v) => v === "1" || v === "true");

/** A page of a list, newest first (contract: `?limit=&offset=`, the total in X-Total-Count). */
const page = (defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** GET /api/notifications: the caller's own, newest first; X-Total-Count and X-Unread-Count headers. */
export const notificationListQuery = z.object({ ...page(20), unread: flag });
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

/** One in-app notification as the API sends it (no secrets, links are in-app paths without tokens). */
export type NotificationDto = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
};

/** GET /api/activity: the audit events about the caller's own estate, newest first; X-Total-Count. */
export const activityListQuery = z.object(page(50));
export type ActivityListQuery = z.infer<typeof activityListQuery>;

/** One audit event as its owner sees it: who (you, or someone named in words), what, about what, when. */
export type ActivityDto = {
  id: number;
  at: string;
  action: string;
  /** `self` when the caller did it, `other` when someone or something else did (a beneficiary, the system). */
  actor: "self" | "other";
  target: string | null;
  /** Details safe to show their owner (names, formats, counts); never addresses, tokens or other people's IPs. */
  details: Record<string, string | number | boolean | null>;
};
