import { Link, useLocation } from "wouter";
import { CheckCheck } from "lucide-react";
import type { NotificationDto } from "@shared/validators/notifications";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useMarkAllNotificationsRead, useMarkNotificationRead } from "@/features/notifications/api/notifications";
import { BellFace, bellLabel } from "@/features/notifications/components/bell-face";
import { paths } from "@/config/paths";
import { formatDateTime, formatRelative } from "@/lib/format";
import { cn } from "@/lib/utils";

type NotificationMenuProps = { items: NotificationDto[]; unread: number; defaultOpen?: boolean };

/**
 * The bell's list (loaded by notification-bell.tsx when first used): the newest notifications with their title, text
 * and time, unread ones marked; choosing one marks it read and follows its link; "Mark all as read" clears the count.
 */
export function NotificationMenu({ items, unread, defaultOpen = false }: NotificationMenuProps) {
  const [, navigate] = useLocation();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(unread)}>
          <BellFace unread={unread} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-2rem)]">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel className="font-semibold">Notifications</DropdownMenuLabel>
          {unread > 0 ? (
            <DropdownMenuItem
              className="text-primary"
              disabled={markAll.isPending}
              onSelect={(event) => {
                event.preventDefault();
                markAll.mutate(undefined);
              }}
            >
              <CheckCheck aria-hidden="true" />
              Mark all as read
            </DropdownMenuItem>
          ) : null}
        </div>
        <DropdownMenuSeparator />
        {items.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">No notifications yet.</p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {items.map((n) => (
              <DropdownMenuItem
                key={n.id}
                className="flex-col items-start gap-1"
                onSelect={() => {
                  if (!n.readAt) markRead.mutate({ id: n.id });
                  if (n.link) navigate(n.link);
                }}
              >
                <span className="flex w-full items-start gap-2">
                  <span
                    aria-hidden="true"
                    className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.readAt ? "bg-transparent" : "bg-primary")}
                  />
                  <span className={cn("flex-1", n.readAt ? "font-normal" : "font-semibold")}>
                    {n.readAt ? null : <span className="sr-only">Unread: </span>}
                    {n.title}
                  </span>
                </span>
                <span className="pl-4 text-muted-foreground">{n.body}</span>
                <time
                  className="pl-4 text-xs text-muted-foreground"
                  dateTime={n.createdAt}
                  title={formatDateTime(n.createdAt)}
                >
                  {formatRelative(n.createdAt)}
                </time>
              </DropdownMenuItem>
            ))}
          </div>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.activity.getHref()}>See all activity</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
