import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { AuditEntryDto } from "@shared/admin-api";
import { AuditTab } from "@/features/admin/components/audit-tab";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const EVENT: AuditEntryDto = {
  id: 1,
  at: "2026-11-20T10:00:00.000Z",
  actorId: 3,
  action: "admin_user_suspended",
  target: "user:41",
  subjectUserId: null,
  ip: "203.0.113.9",
  requestId: "r-1",
};

describe("AuditTab", () => {
  it("filters by actor, action and dates on the server, and refuses a reversed range without asking", async () => {
    const asked: string[] = [];
    server.use(
      http.get("/api/admin/audit", ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([EVENT], { headers: { "X-Total-Count": "1" } });
      }),
    );
    const { user } = renderWithApp(<AuditTab />);
    expect(await screen.findByText("admin_user_suspended")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Actor (user id)"), "3");
    await user.type(screen.getByLabelText("Action"), "admin_user_suspended");
    await user.type(screen.getByLabelText("From"), "2026-11-20");
    await user.type(screen.getByLabelText("To"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByLabelText("To")).toHaveAccessibleDescription(
      "The start date must be before the end date",
    );
    expect(asked).toHaveLength(1);
    await user.clear(screen.getByLabelText("To"));
    await user.type(screen.getByLabelText("To"), "2026-11-30");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() =>
      expect(asked.at(-1)).toBe(
        "?limit=20&offset=0&actorId=3&action=admin_user_suspended&from=2026-11-20&to=2026-11-30",
      ),
    );
    await user.clear(screen.getByLabelText("Actor (user id)"));
    await user.type(screen.getByLabelText("Actor (user id)"), "x");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByLabelText("Actor (user id)")).toHaveAccessibleDescription(/./);
  });
});
