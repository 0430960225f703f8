import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { useBellNotifications } from "@/features/notifications/api/notifications";
import { BellFace, bellLabel } from "@/features/notifications/components/bell-face";

const loadMenu = () => import("@/features/notifications/components/notification-menu");
const NotificationMenu = lazy(async () => ({ default: (await loadMenu()).NotificationMenu }));

/**
 * The header's bell: the unread count at a glance (polled every minute and when the window regains focus), and on
 * press the newest notifications. Like the account menu, the list (and the menu library) loads when the button is
 * first pointed at, focused or pressed; until then the same button stands in.
 */
export function NotificationBell() {
  const [isWanted, setIsWanted] = useState(false);
  const { data } = useBellNotifications();
  const unread = data?.unread ?? 0;
  const face = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={bellLabel(unread)}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setIsWanted(true)}
    >
      <BellFace unread={unread} />
    </Button>
  );
  if (!isWanted) return face;
  return (
    <Suspense fallback={face}>
      <NotificationMenu items={data?.items ?? []} unread={unread} defaultOpen />
    </Suspense>
  );
}
