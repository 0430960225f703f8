import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { GIFT_CARD_MESSAGES } from "@shared/validators/gift-cards";
import type { GiftCardPurchaseDto, MomoPaymentDto } from "@/features/gift-cards/api/gift-card-types";
import { PaymentStep } from "@/features/gift-cards/components/payment-step";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const REF = "0b8f5d8e-3f57-4a55-9d0c-3a7a4b1a2c3d";
const PAYMENT: MomoPaymentDto = {
  reference: REF,
  status: "pending",
  network: "MTN",
  phone: "+233 ••• ••4321",
  amount: "100.00",
  currency: "GHS",
  testMode: true,
  failureReason: null,
  createdAt: "2026-11-27T08:45:00.000Z",
  expiresAt: "2026-11-27T09:00:00.000Z",
  completedAt: null,
  creditedInstead: false,
};
const PURCHASE = { id: 7, status: "awaiting_payment", total: "100.00", currency: "GHS" } as GiftCardPurchaseDto;
const CARDS = [{ cardNumber: "4000123412341234", code: "ABCD2345EFGH6789" }];

function setup(answer: Partial<MomoPaymentDto>) {
  const purchaseReads = vi.fn();
  server.use(
    http.get(`/api/payments/momo/${REF}`, () => HttpResponse.json(PAYMENT)),
    http.post(`/api/payments/momo/test/${REF}/:answer`, () => HttpResponse.json({ ...PAYMENT, ...answer })),
    http.get("/api/gift-cards/purchases/7", () => {
      purchaseReads();
      return HttpResponse.json({ ...PURCHASE, status: "paid", cards: CARDS });
    }),
    http.get("/api/gift-cards", () => HttpResponse.json([])),
  );
  const onDone = vi.fn();
  return {
    purchaseReads,
    onDone,
    ...renderWithApp(<PaymentStep purchase={PURCHASE} payment={PAYMENT} onDone={onDone} />),
  };
}

describe("PaymentStep", () => {
  it("shows the pending payment with the test-mode panel", () => {
    setup({});
    expect(screen.getByText("Test mode — approve on this screen")).toBeInTheDocument();
    expect(screen.getByText("pending")).toBeInTheDocument();
    expect(screen.queryByText(CARDS[0].code)).not.toBeInTheDocument();
  });

  it("approving shows the codes once, with the warning and the success notice", async () => {
    const { user, purchaseReads } = setup({ status: "successful" });
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText(CARDS[0].code)).toBeInTheDocument();
    expect(screen.getByText(CARDS[0].cardNumber)).toBeInTheDocument();
    expect(screen.getByText(/they will not be shown again/)).toBeInTheDocument();
    expect(screen.getByText(GIFT_CARD_MESSAGES.successTitle)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    expect(purchaseReads).toHaveBeenCalledTimes(1);
  });

  it("declining issues nothing and says the purchase failed", async () => {
    const { user, purchaseReads, onDone } = setup({ status: "failed", failureReason: "The payer declined." });
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("The payer declined.")).toBeInTheDocument();
    expect(screen.getByText(GIFT_CARD_MESSAGES.failureTitle)).toBeInTheDocument();
    expect(purchaseReads).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onDone).toHaveBeenCalled();
  });
});
