import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { MomoPaymentDto } from "@shared/api-types";
import { BillingPaymentStep } from "@/features/billing/components/billing-payment-step";
import {
  DEFAULT_PAYMENT_CHOICE,
  PaymentChoice,
  paymentFieldsOf,
  type PaymentChoiceValue,
} from "@/features/billing/components/payment-choice";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

/** The choice as the pricing page holds it, with a button that sends what the page would send. */
function Harness({ onSend, credit = "0.00" }: { onSend: (fields: unknown) => void; credit?: string }) {
  const [value, setValue] = useState<PaymentChoiceValue>(DEFAULT_PAYMENT_CHOICE);
  const [showErrors, setShowErrors] = useState(false);
  return (
    <>
      <PaymentChoice value={value} onChange={setValue} creditBalance={credit} showErrors={showErrors} />
      <button
        type="button"
        onClick={() => {
          const checked = paymentFieldsOf(value);
          if ("error" in checked) setShowErrors(true);
          else onSend(checked.fields);
        }}
      >
        Buy
      </button>
    </>
  );
}

describe("PaymentChoice", () => {
  it("pays by card by default; mobile money sends the network and the number without spaces", async () => {
    const onSend = vi.fn();
    const { user } = renderWithApp(<Harness onSend={onSend} />);
    await user.click(screen.getByRole("button", { name: "Buy" }));
    expect(onSend).toHaveBeenLastCalledWith({ paymentMethod: "card" });

    await user.click(screen.getByLabelText("Mobile money (GHS)"));
    await user.selectOptions(screen.getByLabelText("Mobile money network"), "Vodafone");
    const phone = screen.getByLabelText("Payer's phone number");
    await user.clear(phone);
    await user.type(phone, "+233 20 123 4567");
    await user.click(screen.getByRole("button", { name: "Buy" }));
    expect(onSend).toHaveBeenLastCalledWith({
      paymentMethod: "mobile_money",
      mobileMoneyNetwork: "Vodafone",
      payerPhone: "+233201234567",
    });
  });

  it("refuses a number that is not +233 and nine digits with the spec's message, and sends nothing", async () => {
    const onSend = vi.fn();
    const { user } = renderWithApp(<Harness onSend={onSend} />);
    await user.click(screen.getByLabelText("Mobile money (GHS)"));
    const phone = screen.getByLabelText("Payer's phone number");
    for (const typed of ["+23320123456", "+2332012345678", "0201234567"]) {
      await user.clear(phone);
      await user.type(phone, typed);
      await user.click(screen.getByRole("button", { name: "Buy" }));
      expect(phone).toHaveAccessibleDescription("Invalid Ghana phone number format");
    }
    expect(onSend).not.toHaveBeenCalled();
  });

  it("says that account credit is spent first, in cedis", () => {
    renderWithApp(<Harness onSend={vi.fn()} credit="50.00" />);
    expect(screen.getByTestId("credit-note")).toHaveTextContent(
      "Your account credit of GH₵50.00 is spent first; the card pays only the rest.",
    );
  });
});

describe("BillingPaymentStep", () => {
  const REF = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
  const PAYMENT: MomoPaymentDto = {
    reference: REF,
    status: "pending",
    network: "MTN",
    phone: "+233 ••• ••4567",
    amount: "25.00",
    currency: "GHS",
    testMode: true,
    failureReason: null,
    createdAt: "2026-11-27T09:00:00.000Z",
    expiresAt: "2026-11-27T09:30:00.000Z",
    completedAt: null,
    creditedInstead: false,
  };

  it("shows the amount in cedis and test mode's approve step; approving says the purchase is done", async () => {
    server.use(
      http.get(`/api/payments/momo/${REF}`, () => HttpResponse.json(PAYMENT)),
      http.post(`/api/payments/momo/test/${REF}/approve`, () =>
        HttpResponse.json({ ...PAYMENT, status: "successful" }),
      ),
    );
    const onDone = vi.fn();
    const { user } = renderWithApp(
      <BillingPaymentStep payment={PAYMENT} item="1 GB of storage" successTitle="Storage added!" onDone={onDone} />,
    );
    expect(screen.getByText("Test mode — approve on this screen")).toBeInTheDocument();
    expect(screen.getByTestId("momo-amount")).toHaveTextContent("GH₵25.00");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Storage added!")).toBeInTheDocument();
    expect(screen.queryByText("Test mode — approve on this screen")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(onDone).toHaveBeenCalled();
  });

  it("a payment that settled after the credit was spent elsewhere says the money went to the account credit", async () => {
    server.use(
      http.get(`/api/payments/momo/${REF}`, () => HttpResponse.json(PAYMENT)),
      http.post(`/api/payments/momo/test/${REF}/approve`, () =>
        HttpResponse.json({ ...PAYMENT, status: "successful", creditedInstead: true }),
      ),
    );
    const { user } = renderWithApp(
      <BillingPaymentStep payment={PAYMENT} item="Basic Premium plan" successTitle="Plan upgraded!" onDone={vi.fn()} />,
    );
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Added to your account credit")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Basic Premium plan could not be completed: the GHS 25.00 you paid was added to your account credit.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Plan upgraded!")).not.toBeInTheDocument();
  });

  it("a declined payment changes nothing and says so", async () => {
    server.use(
      http.get(`/api/payments/momo/${REF}`, () => HttpResponse.json(PAYMENT)),
      http.post(`/api/payments/momo/test/${REF}/decline`, () =>
        HttpResponse.json({ ...PAYMENT, status: "failed", failureReason: "Declined by the payer" }),
      ),
    );
    const { user } = renderWithApp(
      <BillingPaymentStep payment={PAYMENT} item="Basic Premium plan" successTitle="Plan upgraded!" onDone={vi.fn()} />,
    );
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Declined by the payer")).toBeInTheDocument();
    expect(screen.getByText("Basic Premium plan: nothing was charged.")).toBeInTheDocument();
  });
});
