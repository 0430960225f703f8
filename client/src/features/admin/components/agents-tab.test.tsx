import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { AdminAgentDto } from "@shared/admin-api";
import { COMMISSION_MESSAGE } from "@shared/validators/admin";
import { AgentsTab } from "@/features/admin/components/agents-tab";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const AGENT: AdminAgentDto = {
  userId: 9,
  firstName: "Yaa",
  lastName: "Broker",
  email: "yaa@example.com",
  status: "active",
  isVerified: false,
  commissionRate: null,
  clientCount: 3,
  earnings: "0.00",
  createdAt: "2026-11-01T00:00:00.000Z",
};

describe("AgentsTab", () => {
  it("lists pending agents with their clients, and verifies one with the spec's notices", async () => {
    let verified = false;
    server.use(
      http.get("/api/admin/agents", () => HttpResponse.json([{ ...AGENT, isVerified: verified }])),
      http.post("/api/admin/agents/9/verify", () => {
        verified = true;
        return HttpResponse.json({ userId: 9, isVerified: true });
      }),
    );
    const { user } = renderWithApp(<AgentsTab />);
    const pending = await screen.findByRole("region", { name: "Pending Agents" });
    expect(within(pending).getByText(/3 clients/)).toBeInTheDocument();
    await user.click(within(pending).getByRole("button", { name: "Verify Agent" }));
    expect(await screen.findByText("Agent Verified")).toBeInTheDocument();
    const done = await screen.findByRole("region", { name: "Verified Agents" });
    await waitFor(() => expect(within(done).getByText("Yaa Broker")).toBeInTheDocument());
  });

  it("checks the commission (5–20) before sending, then saves it; a server refusal keeps the dialog open", async () => {
    const sent: unknown[] = [];
    server.use(
      http.get("/api/admin/agents", () => HttpResponse.json([AGENT])),
      http.patch("/api/admin/agents/9/commission", async ({ request }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? apiError(404, "This agent has not created an agent profile yet.")
          : HttpResponse.json({ userId: 9, commissionRate: "12.50" });
      }),
    );
    const { user } = renderWithApp(<AgentsTab />);
    await user.click(await screen.findByRole("button", { name: "Edit Commission" }));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText("Commission rate (%)");
    expect(field).toHaveValue("10");
    await user.clear(field);
    await user.type(field, "25");
    await user.click(within(dialog).getByRole("button", { name: "Save Commission" }));
    expect(await within(dialog).findByLabelText("Commission rate (%)")).toHaveAccessibleDescription(COMMISSION_MESSAGE);
    expect(sent).toEqual([]);
    await user.clear(field);
    await user.type(field, "12.5");
    await user.click(within(dialog).getByRole("button", { name: "Save Commission" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This agent has not created an agent profile yet.",
    );
    expect(screen.getByText("Failed to update commission rate.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save Commission" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sent).toEqual([{ commissionRate: 12.5 }, { commissionRate: 12.5 }]);
    expect(screen.getByText("Yaa Broker: 12.5%.")).toBeInTheDocument();
  });
});
