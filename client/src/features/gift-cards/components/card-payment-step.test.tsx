import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";
import type { CardPaymentDto, GiftCardPurchaseDto } from "@/features/gift-cards/api/gift-card-types";
import { CardPaymentStep } from "@/features/gift-cards/components/card-payment-step";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const PAYMENT: CardPaymentDto = {
  method: "card",
  reference: "0b8f5d8e-3f57-4a55-9d0c-3a7a4b1a2c3d",
  status: "pending",
  amount: "100.00",
  currency: "GHS",
  testMode: true,
  checkoutUrl: null,
};
const PURCHASE = {
  id: 7,
  status: "awaiting_payment",
  total: "100.00",
  currency: "GHS",
  paymentMethod: "card",
} as GiftCardPurchaseDto;
const CARDS = [{ cardNumber: "6049123412341234", code: "ABCD-2345-EFGH-6789" }];

function setup(answer: "paid" | "failed") {
  const answered = vi.fn();
  const purchaseReads = vi.fn();
  server.use(
    http.post("/api/gift-cards/purchases/7/test-card/:answer", ({ params }) => {
      answered(params.answer);
      return HttpResponse.json({ ...PURCHASE, status: answer });
    }),
    http.get("/api/gift-cards/purchases/7", () => {
      purchaseReads();
      return HttpResponse.json({ ...PURCHASE, status: "paid", cards: CARDS });
    }),
    http.get("/api/gift-cards", () => HttpResponse.json([])),
  );
  const onDone = vi.fn();
  return {
    answered,
    purchaseReads,
    onDone,
    ...renderWithApp(<CardPaymentStep purchase={PURCHASE} payment={PAYMENT} onDone={onDone} />),
  };
}

describe("CardPaymentStep (test mode)", () => {
  it("shows the clearly marked test step and issues nothing before the buyer confirms", () => {
    const { purchaseReads } = setup("paid");
    expect(screen.getByText("Test mode — pay by card on this screen")).toBeInTheDocument();
    expect(screen.getByText(/No card is charged/)).toBeInTheDocument();
    expect(screen.getByText("GHS 100.00")).toBeInTheDocument();
    expect(screen.getByText("pending")).toBeInTheDocument();
    expect(purchaseReads).not.toHaveBeenCalled();
  });

  it("confirming shows the codes once, with the success notice", async () => {
    const { user, answered, purchaseReads } = setup("paid");
    await user.click(screen.getByRole("button", { name: "Confirm card payment" }));
    expect(await screen.findByText(CARDS[0].code)).toBeInTheDocument();
    expect(answered).toHaveBeenCalledWith("confirm");
    expect(screen.getByText(GIFT_CARD_MESSAGES.successTitle)).toBeInTheDocument();
    expect(screen.getByText(/never carries the code/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm card payment" })).not.toBeInTheDocument();
    expect(purchaseReads).toHaveBeenCalledTimes(1);
  });

  it("declining issues nothing and says the purchase failed", async () => {
    const { user, answered, purchaseReads, onDone } = setup("failed");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("The card payment did not go through. No cards were issued.")).toBeInTheDocument();
    expect(answered).toHaveBeenCalledWith("decline");
    expect(screen.getByText(GIFT_CARD_MESSAGES.failureTitle)).toBeInTheDocument();
    expect(purchaseReads).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onDone).toHaveBeenCalled();
  });
});
