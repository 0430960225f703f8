import type { z } from "zod";
import { giftCardTotalMinor, type GiftCardType } from "@shared/gift-cards";
import type { purchaseGiftCardSchema } from "@shared/validators/gift-cards";

export type PurchaseFormValues = z.input<typeof purchaseGiftCardSchema>;

export const EMPTY_PURCHASE: PurchaseFormValues = {
  cardType: "virtual",
  denomination: "50",
  quantity: "1",
  recipientName: "",
  recipientPhone: "",
  recipientEmail: "",
  personalMessage: "",
  deliveryMethod: "sms",
  design: "classic",
  paymentMethod: "mobile_money",
  mobileMoneyNetwork: "MTN",
  payerPhone: "",
};

export const EMPTY_ADDRESS = {
  name: "",
  address: "",
  city: "",
  region: "",
  postalCode: "",
  country: "Ghana",
  phone: "",
};

/** The live total as the form stands, in pesewas: an amount not typed yet counts as 0 and a quantity as 1. */
export function liveTotalMinor(values: { denomination?: unknown; quantity?: unknown; cardType?: GiftCardType }) {
  const denomination = Number.parseFloat(String(values.denomination ?? ""));
  const quantity = Number.parseInt(String(values.quantity ?? ""), 10);
  return giftCardTotalMinor({
    denomination: Number.isFinite(denomination) && denomination > 0 ? denomination : 0,
    quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 1,
    cardType: values.cardType ?? "virtual",
  });
}

export const formatGhs = (minor: number) => `GHS ${(minor / 100).toFixed(2)}`;
