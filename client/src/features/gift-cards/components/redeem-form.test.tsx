import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { RedeemForm } from "@/features/gift-cards/components/redeem-form";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

function setup(balance = "0.00") {
  const posted = vi.fn();
  let current = balance;
  server.use(
    http.get("/api/account-credit", () =>
      HttpResponse.json({ balance: { amount: current, currency: "GHS" }, entries: [] }),
    ),
    http.get("/api/gift-cards", () => HttpResponse.json([])),
    http.post("/api/gift-cards/redeem", async ({ request }) => {
      posted(await request.json());
      current = "50.00";
      return HttpResponse.json({
        credited: { amount: "50.00", currency: "GHS" },
        balance: { amount: current, currency: "GHS" },
      });
    }),
  );
  return { posted, ...renderWithApp(<RedeemForm />) };
}

describe("RedeemForm", () => {
  it("asks for a code before sending anything", async () => {
    const { user, posted } = setup();
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByLabelText("Gift card code")).toHaveAccessibleDescription("Enter the gift card's code");
    expect(posted).not.toHaveBeenCalled();
  });

  it("redeems a code and shows what was credited and the new balance", async () => {
    const { user, posted } = setup();
    expect(await screen.findByTestId("credit-balance")).toHaveTextContent("GHS 0.00");
    await user.type(screen.getByLabelText("Gift card code"), "abcd-2345 efgh");
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    expect(await screen.findByRole("status")).toHaveTextContent("GHS 50.00 added. Your balance is now GHS 50.00.");
    expect(posted).toHaveBeenCalledWith({ code: "ABCD2345EFGH" });
    expect(await screen.findByTestId("credit-balance")).toHaveTextContent("GHS 50.00");
  });

  it.each([
    [409, "This gift card has already been redeemed."],
    [404, "Gift card not found."],
  ])("puts the server's %i message on the field and credits nothing", async (status, message) => {
    const { user } = setup("10.00");
    server.use(http.post("/api/gift-cards/redeem", () => apiError(status, message)));
    await user.type(screen.getByLabelText("Gift card code"), "ZZZZ9999");
    await user.click(screen.getByRole("button", { name: "Redeem" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Gift card code")).toHaveAccessibleDescription(message));
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByTestId("credit-balance")).toHaveTextContent("GHS 10.00");
  });
});
