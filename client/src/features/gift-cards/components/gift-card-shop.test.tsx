import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { PAYMENT_POLL_MS } from "@/features/gift-cards/api/gift-card-api";
import { GiftCardShop } from "@/features/gift-cards/components/gift-card-shop";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const ORDER = { id: 9, status: "awaiting_payment", total: "50.00", currency: "GHS", paymentMethod: "card" };
const CARDS = [{ cardNumber: "6049123412341234", code: "WXYZ-2345-EFGH-6789" }];

async function fillCardOrder(user: ReturnType<typeof renderWithApp>["user"]) {
  await user.type(screen.getByLabelText("Recipient name"), "Ama Owusu");
  await user.type(screen.getByLabelText("Recipient phone"), "+233241234567");
  await user.click(screen.getByLabelText("Card"));
}

describe("GiftCardShop, paying by card", () => {
  it("asks no mobile-money payer for a card order, sends it, and goes to Stripe's Checkout page", async () => {
    const posted = vi.fn();
    const goToCheckout = vi.fn();
    server.use(
      http.post("/api/gift-cards/purchase", async ({ request }) => {
        posted(await request.json());
        return HttpResponse.json(
          {
            purchase: ORDER,
            payment: {
              method: "card",
              reference: "r",
              status: "pending",
              amount: "50.00",
              currency: "GHS",
              testMode: false,
              checkoutUrl: "https://checkout.stripe.com/c/pay/cs_1",
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithApp(<GiftCardShop goToCheckout={goToCheckout} />);
    await fillCardOrder(user);
    expect(screen.queryByLabelText("Payer phone")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Buy and pay" }));
    await vi.waitFor(() => expect(goToCheckout).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_1"));
    expect(posted.mock.calls[0][0]).toMatchObject({ paymentMethod: "card", denomination: 50 });
    expect(posted.mock.calls[0][0]).not.toHaveProperty("payerPhone");
    expect(posted.mock.calls[0][0]).not.toHaveProperty("mobileMoneyNetwork");
  });

  it("back from Checkout: waits for the webhook, then shows the codes once", async () => {
    let reads = 0;
    server.use(
      http.get("/api/gift-cards/purchases/9", () => {
        reads += 1;
        return HttpResponse.json(reads === 1 ? ORDER : { ...ORDER, status: "paid", cards: CARDS });
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithApp(<GiftCardShop returned={{ purchaseId: 9, cancelled: false }} />);
      expect(await screen.findByText(/Waiting for the card payment to be confirmed/)).toBeInTheDocument();
      expect(screen.queryByText(CARDS[0].code)).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
      expect(await screen.findByText(CARDS[0].code)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS * 2);
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("back from a cancelled Checkout: says nothing was issued and offers a new order", async () => {
    const onReturnDone = vi.fn();
    server.use(http.get("/api/gift-cards/purchases/9", () => HttpResponse.json(ORDER)));
    const { user } = renderWithApp(
      <GiftCardShop returned={{ purchaseId: 9, cancelled: true }} onReturnDone={onReturnDone} />,
    );
    expect(await screen.findByText(/The card payment was cancelled/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Start a new order" }));
    expect(onReturnDone).toHaveBeenCalled();
  });
});
