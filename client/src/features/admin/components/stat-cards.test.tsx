import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { AdminStatsDto } from "@shared/admin-api";
import { StatCards } from "@/features/admin/components/stat-cards";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const STATS: AdminStatsDto = {
  totalUsers: 1234,
  newUsersThisMonth: 56,
  activeAgents: 7,
  pendingAgents: 2,
  monthlyRevenue: "39.98",
  revenueGrowth: 100,
  totalStorageUsed: 3 * 1024 ** 3,
  totalStorageGB: 3,
  currency: "USD",
  paymentsMode: "test",
};

describe("StatCards", () => {
  it("shows the server's figures and says when revenue is test-mode payments", async () => {
    server.use(http.get("/api/admin/stats", () => HttpResponse.json(STATS)));
    renderWithApp(<StatCards />);
    expect(await screen.findByText("1234")).toBeInTheDocument();
    expect(screen.getByText("56 new this month")).toBeInTheDocument();
    expect(screen.getByText("2 pending verification")).toBeInTheDocument();
    expect(screen.getByText("$39.98")).toBeInTheDocument();
    expect(screen.getByText("Test mode payments · +100% from last month")).toBeInTheDocument();
    expect(screen.getByText("3.0 GB")).toBeInTheDocument();
  });

  it("reports a failure instead of showing placeholder figures", async () => {
    server.use(http.get("/api/admin/stats", () => apiError(403, "Two-factor sign-in is required for this role")));
    renderWithApp(<StatCards />);
    expect(await screen.findByRole("alert")).toHaveTextContent("403: Two-factor sign-in is required for this role");
  });
});
