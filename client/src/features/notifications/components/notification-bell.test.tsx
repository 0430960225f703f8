import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { NotificationDto } from "@shared/validators/notifications";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function note(over: Partial<NotificationDto> & { id: number; title: string }): NotificationDto {
  return { kind: "test", body: "Body", link: null, createdAt: minutesAgo(5), readAt: null, ...over };
}

/** A server that keeps its notifications' read state, as the API does. */
function serveNotifications(rows: NotificationDto[]) {
  const posts: string[] = [];
  server.use(
    http.get("/api/notifications", () =>
      HttpResponse.json(rows, {
        headers: {
          "X-Total-Count": String(rows.length),
          "X-Unread-Count": String(rows.filter((n) => !n.readAt).length),
        },
      }),
    ),
    http.post("/api/notifications/read-all", () => {
      posts.push("read-all");
      for (const n of rows) n.readAt ??= new Date().toISOString();
      return HttpResponse.json({ updated: rows.length });
    }),
    http.post("/api/notifications/:id/read", ({ params }) => {
      posts.push(`read ${String(params.id)}`);
      const n = rows.find((r) => r.id === Number(params.id))!;
      n.readAt ??= new Date().toISOString();
      return HttpResponse.json(n);
    }),
  );
  return posts;
}

describe("NotificationBell", () => {
  it("shows the unread count in its name and lists the newest with their text and time", async () => {
    serveNotifications([
      note({
        id: 3,
        title: "Your Heirloom data was exported",
        body: "A JSON copy was downloaded.",
        createdAt: minutesAgo(5),
      }),
      note({
        id: 2,
        title: "Akosua confirmed their e-mail address",
        link: "/beneficiaries",
        createdAt: minutesAgo(90),
      }),
      note({ id: 1, title: "Confirm your e-mail address", readAt: minutesAgo(60), createdAt: minutesAgo(3 * 24 * 60) }),
    ]);
    const { user } = renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });

    await user.click(bell);

    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual([
      "Mark all as read",
      "Unread: Your Heirloom data was exportedA JSON copy was downloaded.5 min ago",
      "Unread: Akosua confirmed their e-mail addressBody1 h ago",
      "Confirm your e-mail addressBody3 days ago",
      "See all activity",
    ]);
    expect(within(items[1]).getByText("5 min ago")).toHaveAttribute("dateTime", expect.stringMatching(/Z$/));
  });

  it("marks everything read with Mark all as read, and the count goes", async () => {
    const posts = serveNotifications([note({ id: 5, title: "One" }), note({ id: 4, title: "Two" })]);
    const { user } = renderWithApp(<NotificationBell />);
    await user.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));

    await user.click(await screen.findByRole("menuitem", { name: "Mark all as read" }));

    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(posts).toEqual(["read-all"]);
    expect(screen.queryByRole("menuitem", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("marks a notification read when it is chosen", async () => {
    const posts = serveNotifications([note({ id: 9, title: "Payment failed", link: "/pricing" })]);
    const { user } = renderWithApp(<NotificationBell />);
    await user.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));

    await user.click(await screen.findByRole("menuitem", { name: /Payment failed/ }));

    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(posts).toEqual(["read 9"]);
  });

  it("says so when there is nothing yet", async () => {
    const { user } = renderWithApp(<NotificationBell />);
    await user.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications yet.")).toBeInTheDocument();
  });
});
