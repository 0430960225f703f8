import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationDto } from "@shared/validators/notifications";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** How many of the newest the bell lists; the rest wait for their turn (the list is newest first). */
export const BELL_LIMIT = 10;
/** The bell asks again this often while the page is open, and whenever the window regains focus. */
export const BELL_POLL_MS = 60_000;

export type BellData = { items: NotificationDto[]; unread: number };

async function fetchBell(): Promise<BellData> {
  const res = await apiRequest("GET", `/api/notifications?limit=${BELL_LIMIT}`);
  const items = (await res.json()) as NotificationDto[];
  const unread = Number(res.headers.get("X-Unread-Count"));
  return { items, unread: Number.isFinite(unread) ? unread : items.filter((n) => !n.readAt).length };
}

/** The newest notifications and the unread count (X-Unread-Count), polled modestly. */
export function useBellNotifications() {
  return useQuery({
    queryKey: [...queryKeys.notifications(), "bell"],
    queryFn: fetchBell,
    refetchInterval: BELL_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: BELL_POLL_MS / 2,
  });
}

function useNotificationWrite<V>(post: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, V>({
    mutationFn: post,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications() }),
  });
}

/** POST /api/notifications/:id/read (opening a notification marks it read). */
export function useMarkNotificationRead() {
  return useNotificationWrite(({ id }: { id: number }) => apiRequest("POST", `/api/notifications/${id}/read`));
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  return useNotificationWrite(() => apiRequest("POST", "/api/notifications/read-all"));
}
