import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { AdminAgentDto } from "@shared/admin-api";
import { COMMISSION_MESSAGE, type CommissionInput } from "@shared/validators/admin";
import { CommissionDialog } from "@/features/admin/components/commission-dialog";
import { apiRequest } from "@/lib/api-client";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/admin/agents/9/commission";
const AGENT: AdminAgentDto = {
  userId: 9,
  firstName: "Yaa",
  lastName: "Broker",
  email: "yaa@example.com",
  status: "active",
  isVerified: true,
  commissionRate: "12.50",
  clientCount: 3,
  earnings: "0.00",
  createdAt: "2026-11-01T00:00:00.000Z",
};

/** The dialog as the Agents tab wires it: onSave sends the PATCH, and rejects with the API's error. */
function renderDialog(agent: AdminAgentDto | null = AGENT) {
  const onOpenChange = vi.fn();
  const saved: CommissionInput[] = [];
  const onSave = async (input: CommissionInput) => {
    saved.push(input);
    await apiRequest("PATCH", URL, input);
    onOpenChange(false);
  };
  return {
    ...renderWithApp(<CommissionDialog agent={agent} onOpenChange={onOpenChange} onSave={onSave} />),
    onOpenChange,
    saved,
  };
}

describe("CommissionDialog", () => {
  it("starts from the agent's rate, or 10 % for an agent without one", () => {
    renderDialog();
    expect(screen.getByLabelText("Commission rate (%)")).toHaveValue("12.50");
    expect(screen.getByText("yaa@example.com: between 5 and 20% of each client payment.")).toBeInTheDocument();
  });

  it("refuses a rate outside 5–20 % or with three decimals, with the spec's message, and sends nothing", async () => {
    const patched = vi.fn();
    server.use(http.patch(URL, patched));
    const { user, saved } = renderDialog({ ...AGENT, commissionRate: null });
    const field = screen.getByLabelText("Commission rate (%)");
    expect(field).toHaveValue("10");
    for (const [typed, message] of [
      ["4.99", COMMISSION_MESSAGE],
      ["20.5", COMMISSION_MESSAGE],
      ["abc", COMMISSION_MESSAGE],
      ["12.345", "Use at most two decimals"],
    ]) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(screen.getByRole("button", { name: "Save Commission" }));
      expect(await screen.findByLabelText("Commission rate (%)")).toHaveAccessibleDescription(message);
    }
    expect(saved).toEqual([]);
    expect(patched).not.toHaveBeenCalled();
  });

  it("says Saving... while the rate is sent, locks the form, and sends the rate as a number", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.patch(URL, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    const field = screen.getByLabelText("Commission rate (%)");
    await user.clear(field);
    await user.type(field, "15");
    await user.click(screen.getByRole("button", { name: "Save Commission" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(field).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(onOpenChange).not.toHaveBeenCalled();
    release(HttpResponse.json({ userId: 9, commissionRate: "15.00" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(body).toEqual({ commissionRate: 15 });
  });

  it("puts the server's field message under the rate and any other refusal above the buttons, staying open", async () => {
    server.use(
      http.patch(URL, () =>
        apiError(400, "Validation failed", [{ path: "commissionRate", message: COMMISSION_MESSAGE }]),
      ),
    );
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Save Commission" }));
    expect(await screen.findByLabelText("Commission rate (%)")).toHaveAccessibleDescription(COMMISSION_MESSAGE);

    server.use(http.patch(URL, () => apiError(404, "This agent has not created an agent profile yet.")));
    await user.click(screen.getByRole("button", { name: "Save Commission" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This agent has not created an agent profile yet.");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("closes on Cancel without sending", async () => {
    const patched = vi.fn();
    server.use(http.patch(URL, patched));
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(patched).not.toHaveBeenCalled();
  });
});
