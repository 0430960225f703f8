import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { AgentDashboardPage } from "@/app/routes/agent/agent-dashboard-page";
import { formatCommission } from "@/features/agents/components/agent-stats";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const stats = {
  totalClients: 2,
  pendingInvitations: 1,
  totalEarnings: "3.998500",
  businessStatus: "Pending",
  hasProfile: true,
};
const invitation = (id: number, status: string) => ({
  id,
  email: `client${id}@example.com`,
  firstName: null,
  lastName: null,
  status,
  expiresAt: "2026-02-01T00:00:00.000Z",
  acceptedAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const earning = (id: number, transactionType: string, commission: string) => ({
  id,
  clientName: "Abena Owusu",
  transactionType,
  amount: commission.startsWith("-") ? "-29.99" : "29.99",
  commissionRate: "10.00",
  commission,
  status: "pending",
  payoutMonth: null,
  createdAt: "2026-01-0" + id + "T00:00:00.000Z",
});

function mockDashboard(profile: { id: number; businessName: string } | null, plan = "professional") {
  server.use(
    http.get("/api/user", () => HttpResponse.json({ ...TEST_USER, userType: "agent", plan })),
    http.get("/api/agent/earnings", () =>
      HttpResponse.json([
        earning(3, "chargeback", "-2.999000"),
        earning(2, "refund", "-1.000000"),
        earning(1, "bundle", "2.999000"),
      ]),
    ),
    http.get("/api/agent/profile", () => HttpResponse.json(profile)),
    http.get("/api/agent/stats", () => HttpResponse.json(stats)),
    http.get("/api/agent/clients", () =>
      HttpResponse.json([
        {
          id: 4,
          firstName: "Abena",
          lastName: "Owusu",
          email: "abena@example.com",
          plan: "basic_premium",
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      ]),
    ),
    http.get("/api/agent/invitations", () =>
      HttpResponse.json([invitation(1, "pending"), invitation(2, "accepted"), invitation(3, "revoked")]),
    ),
    http.get("/api/agent/earnings/monthly", () =>
      HttpResponse.json([{ month: "2026-01", total: "3.998500", count: 2, payable: true }]),
    ),
  );
}

describe("AgentDashboardPage", () => {
  it("offers Create Agent Profile and no invitations until a profile exists", async () => {
    mockDashboard(null);
    renderWithApp(<AgentDashboardPage />);
    expect(await screen.findByRole("button", { name: "Create Agent Profile" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Invite Client" })).toBeNull();
  });

  it("shows the stat cards, the clients, the invitations with their status and the monthly earnings", async () => {
    mockDashboard({ id: 1, businessName: "Appiah & Co Estates" });
    renderWithApp(<AgentDashboardPage />);
    expect(await screen.findByRole("button", { name: "Invite Client" })).toBeInTheDocument();
    expect(await screen.findByText("Business Status")).toBeInTheDocument();
    expect(screen.getAllByText("$4.00")[0]).toBeInTheDocument();
    expect(await screen.findByText("Abena Owusu")).toBeInTheDocument();
    expect(screen.getByText("Basic Premium")).toBeInTheDocument();
    const invitations = screen.getByRole("heading", { name: "Recent Invitations" }).closest("div")!.parentElement!;
    expect(await within(invitations).findByText("revoked")).toBeInTheDocument();
    expect(within(invitations).getAllByRole("button", { name: "Revoke" })).toHaveLength(1);
    expect(await screen.findByRole("img", { name: "Earnings by month chart" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Statement (PDF)" })).toHaveAttribute(
      "href",
      "/api/agent/statements/2026-01",
    );
  });

  it("shows refunds and chargebacks as negative, named lines among the recent earnings", async () => {
    mockDashboard({ id: 1, businessName: "Appiah & Co Estates" });
    renderWithApp(<AgentDashboardPage />);
    const list = await screen.findByRole("list", { name: "Recent earnings" });
    const lines = await within(list).findAllByRole("listitem");
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Chargeback · Abena Owusu · .*−\$3\.00 · pending$/),
      expect.stringMatching(/^Refund · Abena Owusu · .*−\$1\.00 · pending$/),
      expect.stringMatching(/^Payment · Abena Owusu · .*\$3\.00 · pending$/),
    ]);
  });

  it("without the Professional plan, offers the plan instead of invitations", async () => {
    mockDashboard({ id: 1, businessName: "Appiah & Co Estates" }, "advanced_premium");
    renderWithApp(<AgentDashboardPage />);
    const notice = await screen.findByRole("region", { name: "Professional plan needed" });
    expect(within(notice).getByRole("link", { name: "Get Professional" })).toHaveAttribute("href", "/pricing");
    expect(screen.queryByRole("button", { name: "Invite Client" })).toBeNull();
  });

  it("rounds exact commissions half up to cents for display", () => {
    expect(formatCommission("0.001235")).toBe("$0.00");
    expect(formatCommission("0.995")).toBe("$1.00");
    expect(formatCommission("12349.998765")).toBe("$12350.00");
    expect(formatCommission("0")).toBe("$0.00");
    expect(formatCommission("-2.999000")).toBe("−$3.00");
    expect(formatCommission("-0.004")).toBe("$0.00");
  });
});
