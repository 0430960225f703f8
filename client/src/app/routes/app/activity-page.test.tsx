import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ActivityDto } from "@shared/validators/notifications";
import { ActivityPage } from "@/app/routes/app/activity-page";
import { ACTIVITY_PAGE_SIZE } from "@/features/activity/components/activity-list";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const event = (over: Partial<ActivityDto> & { id: number; action: string }): ActivityDto => ({
  at: minutesAgo(10),
  actor: "self",
  target: null,
  details: {},
  ...over,
});

describe("the Activity screen", () => {
  it("lists the events in plain words, newest first, with their time", async () => {
    server.use(
      http.get("/api/activity", () =>
        HttpResponse.json(
          [
            event({
              id: 4,
              action: "release_opened",
              actor: "other",
              details: { beneficiaryName: "Kofi" },
              at: minutesAgo(2),
            }),
            event({ id: 3, action: "export", target: "zip", at: minutesAgo(30) }),
            event({ id: 2, action: "login_succeeded", at: minutesAgo(3 * 60) }),
            event({ id: 1, action: "death_certificate_uploaded", at: minutesAgo(10 * 24 * 60) }),
          ],
          { headers: { "X-Total-Count": "4" } },
        ),
      ),
    );
    renderWithApp(<ActivityPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Activity" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Activity" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "A beneficiary opened their release (Kofi)2 min ago",
      "You exported your data (ZIP with every file)30 min ago",
      "You signed in3 h ago",
      expect.stringMatching(/^Death certificate uploaded\d{1,2} \w{3} \d{4}$/),
    ]);
    expect(screen.queryByRole("navigation", { name: "Activity pages" })).not.toBeInTheDocument();
  });

  it("pages through a long history with Next and Previous", async () => {
    const offsets: string[] = [];
    server.use(
      http.get("/api/activity", ({ request }) => {
        const url = new URL(request.url);
        offsets.push(`${url.searchParams.get("limit")}/${url.searchParams.get("offset")}`);
        const offset = Number(url.searchParams.get("offset"));
        const count = offset === 0 ? ACTIVITY_PAGE_SIZE : 5;
        const rows = Array.from({ length: count }, (_, i) =>
          event({ id: 1000 - offset - i, action: "login_succeeded" }),
        );
        return HttpResponse.json(rows, { headers: { "X-Total-Count": String(ACTIVITY_PAGE_SIZE + 5) } });
      }),
    );
    const { user } = renderWithApp(<ActivityPage />);
    const pages = await screen.findByRole("navigation", { name: "Activity pages" });
    expect(pages).toHaveTextContent(`Showing 1–${ACTIVITY_PAGE_SIZE} of ${ACTIVITY_PAGE_SIZE + 5}`);

    await user.click(within(pages).getByRole("button", { name: "Next" }));

    expect(
      await screen.findByText(`Showing ${ACTIVITY_PAGE_SIZE + 1}–${ACTIVITY_PAGE_SIZE + 5} of 30`),
    ).toBeInTheDocument();
    expect(within(pages).getByRole("button", { name: "Next" })).toBeDisabled();
    expect(offsets).toEqual([`${ACTIVITY_PAGE_SIZE}/0`, `${ACTIVITY_PAGE_SIZE}/${ACTIVITY_PAGE_SIZE}`]);
  });

  it("says when there is nothing yet", async () => {
    server.use(http.get("/api/activity", () => HttpResponse.json([], { headers: { "X-Total-Count": "0" } })));
    renderWithApp(<ActivityPage />);
    expect(await screen.findByText("No activity yet.")).toBeInTheDocument();
  });

  it("says when the list could not be loaded", async () => {
    server.use(http.get("/api/activity", () => apiError(500, "Something went wrong (request abc)")));
    renderWithApp(<ActivityPage />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load your activity.");
  });
});
