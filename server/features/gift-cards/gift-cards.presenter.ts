import type { AccountCredit, GiftCardPurchase, PrepaidCard } from "@shared/schema";
import type { AccountCreditEntryDto } from "@shared/validators/billing";
import type { CardPaymentState } from "./card-payment";

const money = (minor: number) => (minor / 100).toFixed(2);

export function presentPurchase(p: GiftCardPurchase, codes: { cardNumber: string; code: string }[] | null = null) {
  return {
    id: p.id,
    status: p.status,
    cardType: p.cardType,
    denomination: money(p.denominationMinor),
    quantity: p.quantity,
    shipping: money(p.shippingMinor),
    total: money(p.totalMinor),
    currency: p.currency,
    recipientName: p.recipientName,
    deliveryMethod: p.deliveryMethod,
    design: p.design,
    paymentMethod: p.paymentMethod,
    paymentReference: p.paymentReference,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    /** Only in the first answer after payment (contract): the cards' numbers and codes, never again. */
    ...(codes ? { cards: codes } : {}),
  };
}

/** A card payment as the purchase answers it: test mode's step, or the Stripe Checkout page to go to. */
export function presentCardPayment(p: CardPaymentState) {
  return {
    method: "card" as const,
    reference: p.reference,
    status: p.status,
    amount: money(p.amountMinor),
    currency: p.currency,
    testMode: p.testMode,
    checkoutUrl: p.checkoutUrl,
  };
}

/** A buyer's card as My Gift Cards lists it: the number masked but for its last four digits; never the code. */
export function presentCard(c: PrepaidCard & { recipientName: string }) {
  return {
    id: c.id,
    cardNumber: `•••• •••• •••• ${c.cardNumber.slice(-4)}`,
    cardType: c.cardType,
    denomination: money(c.denominationMinor),
    currency: c.currency,
    design: c.design,
    status: c.status,
    recipientName: c.recipientName,
    expiryDate: c.expiryDate.toISOString(),
    redeemedAt: c.redeemedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** A ledger entry in words: what added or spent the credit. */
function describeCredit(c: AccountCredit, purchaseName: string | null): string {
  if (c.reason === "gift_card_redeemed") return "Gift card redeemed";
  if (c.reason === "purchase") return purchaseName ? `Paid: ${purchaseName}` : "Paid a purchase";
  if (c.reason === "unapplied_payment") {
    return `Mobile-money payment added as credit${purchaseName ? ` (${purchaseName} not applied)` : ""}`;
  }
  return c.reason;
}

export function presentCredit(c: AccountCredit, purchaseName: string | null = null): AccountCreditEntryDto {
  return {
    id: c.id,
    amount: money(c.amountMinor),
    currency: c.currency,
    reason: c.reason,
    description: describeCredit(c, purchaseName),
    createdAt: c.createdAt.toISOString(),
  };
}

export const formatBalance = money;
