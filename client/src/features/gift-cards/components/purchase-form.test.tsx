import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";
import { PurchaseForm } from "@/features/gift-cards/components/purchase-form";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const PURCHASE = "/api/gift-cards/purchase";

function setup() {
  const posted = vi.fn();
  server.use(
    http.post(PURCHASE, async ({ request }) => {
      posted(await request.json());
      return HttpResponse.json(
        {
          purchase: { id: 7, status: "awaiting_payment", total: "100.00", currency: "GHS" },
          payment: { reference: "ref-1", status: "pending", testMode: true },
        },
        { status: 201 },
      );
    }),
  );
  const onPurchased = vi.fn();
  return { posted, onPurchased, ...renderWithApp(<PurchaseForm onPurchased={onPurchased} />) };
}

async function fillRecipientAndPayer(user: ReturnType<typeof setup>["user"]) {
  await user.type(screen.getByLabelText("Recipient name"), "Ama Owusu");
  await user.type(screen.getByLabelText("Recipient phone"), "+233241234567");
  await user.type(screen.getByLabelText("Payer phone"), "+233 24 765 4321");
}

describe("PurchaseForm", () => {
  it("shows the spec's bounds messages and sends nothing", async () => {
    const { user, posted } = setup();
    await fillRecipientAndPayer(user);
    const amount = screen.getByLabelText("Custom amount (GHS)");
    await user.clear(amount);
    await user.type(amount, "5");
    await user.clear(screen.getByLabelText("Quantity"));
    await user.type(screen.getByLabelText("Quantity"), "11");
    await user.click(screen.getByRole("button", { name: "Buy and pay" }));
    expect(await screen.findByText(GIFT_CARD_MESSAGES.min)).toBeInTheDocument();
    expect(screen.getByText(GIFT_CARD_MESSAGES.quantityMax)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, "1500");
    await user.click(screen.getByRole("button", { name: "Buy and pay" }));
    expect(await screen.findByText(GIFT_CARD_MESSAGES.max)).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it("keeps the live total, adding GHS 5 shipping once for physical cards", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("button", { name: "GHS 100" }));
    await user.clear(screen.getByLabelText("Quantity"));
    await user.type(screen.getByLabelText("Quantity"), "3");
    expect(screen.getByLabelText("Total")).toHaveTextContent("GHS 300.00");
    await user.click(screen.getByLabelText("Physical (+ GHS 5 shipping)"));
    expect(screen.getByLabelText("Total")).toHaveTextContent("GHS 305.00");
  });

  it("offers physical mail only for physical cards, with the address fields", async () => {
    const { user, posted } = setup();
    expect(screen.getByRole("option", { name: "Physical mail (physical cards only)" })).toBeDisabled();
    expect(screen.queryByLabelText("Street address")).not.toBeInTheDocument();
    await user.click(screen.getByLabelText("Physical (+ GHS 5 shipping)"));
    await user.selectOptions(screen.getByLabelText("Delivery"), "physical_mail");
    expect(screen.getByLabelText("Street address")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Virtual"));
    await fillRecipientAndPayer(user);
    await user.click(screen.getByRole("button", { name: "Buy and pay" }));
    expect(await screen.findByText(GIFT_CARD_MESSAGES.physicalOnly)).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it("sends the order and hands its payment on", async () => {
    const { user, posted, onPurchased } = setup();
    await user.click(screen.getByRole("button", { name: "GHS 200" }));
    await fillRecipientAndPayer(user);
    await user.click(screen.getByLabelText("Festive"));
    await user.click(screen.getByRole("button", { name: "Buy and pay" }));
    await vi.waitFor(() => expect(onPurchased).toHaveBeenCalled());
    expect(posted).toHaveBeenCalledWith(
      expect.objectContaining({
        denomination: 200,
        quantity: 1,
        cardType: "virtual",
        design: "festive",
        deliveryMethod: "sms",
        paymentMethod: "mobile_money",
        mobileMoneyNetwork: "MTN",
        payerPhone: "+233247654321",
      }),
    );
    expect(posted.mock.calls[0][0]).not.toHaveProperty("physicalAddress");
  });

  it("says the purchase failed when the server refuses it", async () => {
    const { user, onPurchased } = setup();
    server.use(http.post(PURCHASE, () => apiError(500, "Internal error")));
    await fillRecipientAndPayer(user);
    await user.click(screen.getByRole("button", { name: "Buy and pay" }));
    expect(await screen.findByText(GIFT_CARD_MESSAGES.failureTitle)).toBeInTheDocument();
    expect(screen.getByText(GIFT_CARD_MESSAGES.failure)).toBeInTheDocument();
    expect(onPurchased).not.toHaveBeenCalled();
  });
});
