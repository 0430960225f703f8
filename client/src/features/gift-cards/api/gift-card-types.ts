import type { MomoPaymentDto } from "@shared/api-types";

/** The answers of the gift-card routes (server/features/gift-cards/gift-cards.presenter.ts), as the screen reads them. */
export type GiftCardPurchaseDto = {
  id: number;
  status: string;
  cardType: string;
  denomination: string;
  quantity: number;
  shipping: string;
  total: string;
  currency: string;
  recipientName: string;
  deliveryMethod: string;
  design: string;
  paymentMethod: "mobile_money" | "card";
  paymentReference: string | null;
  createdAt: string;
  paidAt: string | null;
  /** Only in the first answer after payment: never shown again. */
  cards?: { cardNumber: string; code: string }[];
};

export type { MomoPaymentDto };

/** A card payment as the purchase answers it: test mode's card step, or Stripe's Checkout page to go to. */
export type CardPaymentDto = {
  method: "card";
  reference: string;
  status: "pending";
  amount: string;
  currency: string;
  testMode: boolean;
  checkoutUrl: string | null;
};

export type PurchaseAnswer = { purchase: GiftCardPurchaseDto; payment: MomoPaymentDto | CardPaymentDto | null };

export type GiftCardDto = {
  id: number;
  cardNumber: string;
  cardType: string;
  denomination: string;
  currency: string;
  design: string;
  status: string;
  recipientName: string;
  expiryDate: string;
};

export type Money = { amount: string; currency: string };
export type AccountCreditDto = { balance: Money };
export type RedeemAnswer = { credited: Money; balance: Money };
