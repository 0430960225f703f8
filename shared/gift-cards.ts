/** Spec 001 §9 "Gift cards", in one place for the form, the server and the printed card. Amounts in cedis. */
export const GIFT_CARD_QUICK_PICKS = [20, 50, 100, 200, 500] as const;
export const GIFT_CARD_MIN = 10;
export const GIFT_CARD_MAX = 1000;
export const GIFT_CARD_QUANTITY_MAX = 10;
export const GIFT_CARD_MESSAGE_MAX = 200;
/** Added once to an order of physical cards. */
export const GIFT_CARD_SHIPPING_GHS = 5;
export const GIFT_CARD_TYPES = ["virtual", "physical"] as const;
export const GIFT_CARD_DELIVERY = ["sms", "email", "whatsapp", "physical_mail"] as const;
export const GIFT_CARD_DESIGNS = ["classic", "modern", "festive", "memorial"] as const;
/** How long an issued card can be redeemed. */
export const GIFT_CARD_VALID_DAYS = 730;

export type GiftCardType = (typeof GIFT_CARD_TYPES)[number];
export type GiftCardDelivery = (typeof GIFT_CARD_DELIVERY)[number];
export type GiftCardDesign = (typeof GIFT_CARD_DESIGNS)[number];

/** Denomination × quantity, plus GHS 5 once for physical cards (spec 001 §2), in pesewas: no float sums. */
export function giftCardTotalMinor(p: { denomination: number; quantity: number; cardType: GiftCardType }): number {
  const cards = Math.round(p.denomination * 100) * p.quantity;
  return cards + (p.cardType === "physical" ? GIFT_CARD_SHIPPING_GHS * 100 : 0);
}
