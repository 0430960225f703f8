import { z } from "zod";
import {
  GIFT_CARD_DELIVERY,
  GIFT_CARD_DESIGNS,
  GIFT_CARD_MAX,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN,
  GIFT_CARD_QUANTITY_MAX,
  GIFT_CARD_TYPES,
} from "../gift-cards";
import { optionalText, requiredText, stripInvisible } from "./common";
import { GHANA_PHONE_MESSAGE, ghanaMobileNumber, momoNetwork } from "./mobile-money";

/** How an order is paid: mobile money (the payer approves on their phone) or a card (Stripe Checkout). */
export const GIFT_CARD_PAYMENT_METHODS = ["mobile_money", "card"] as const;

/** Spec 001 §7 "Gift card form" and §8, word for word. */
export const GIFT_CARD_MESSAGES = {
  min: `Minimum amount is GHS ${GIFT_CARD_MIN}`,
  max: `Maximum amount is GHS ${GIFT_CARD_MAX}`,
  quantityMin: "Minimum quantity is 1",
  quantityMax: `Maximum quantity is ${GIFT_CARD_QUANTITY_MAX}`,
  recipientName: "Recipient name is required",
  recipientPhone: "Valid phone number is required",
  message: `Message must be under ${GIFT_CARD_MESSAGE_MAX} characters`,
  physicalOnly: "Physical mail delivery is only for physical cards",
  recipientEmail: "A valid e-mail address is required for e-mail delivery",
  address: "The delivery address is required for physical mail",
  payerPhone: "Invalid Ghana phone number format",
  failureTitle: "Purchase Failed",
  failure: "Failed to purchase gift card. Please try again.",
  successTitle: "Gift Card Purchase Successful!",
  success: "Your gift card has been purchased and will be delivered soon.",
} as const;

/** A non-numeric amount counts as 0 and a non-numeric quantity as 1 (spec 001 §7). */
const amount = z.preprocess(
  (v) => {
    const n = typeof v === "number" ? v : Number.parseFloat(String(v ?? ""));
    return Number.isFinite(n) ? n : 0;
  },
  z
    .number()
    .min(GIFT_CARD_MIN, GIFT_CARD_MESSAGES.min)
    .max(GIFT_CARD_MAX, GIFT_CARD_MESSAGES.max)
    .multipleOf(0.01, GIFT_CARD_MESSAGES.min),
);
const quantity = z.preprocess(
  (v) => {
    const n = typeof v === "number" ? v : Number.parseInt(String(v ?? ""), 10);
    return Number.isFinite(n) ? n : 1;
  },
  z
    .number()
    .int(GIFT_CARD_MESSAGES.quantityMin)
    .min(1, GIFT_CARD_MESSAGES.quantityMin)
    .max(GIFT_CARD_QUANTITY_MAX, GIFT_CARD_MESSAGES.quantityMax),
);

export const physicalAddressSchema = z.object({
  name: requiredText(GIFT_CARD_MESSAGES.address, 200),
  address: requiredText(GIFT_CARD_MESSAGES.address, 300),
  city: requiredText(GIFT_CARD_MESSAGES.address, 100),
  region: requiredText(GIFT_CARD_MESSAGES.address, 100),
  postalCode: optionalText(20),
  country: optionalText(100).transform((v) => v ?? "Ghana"),
  phone: ghanaMobileNumber,
});

export const purchaseGiftCardSchema = z
  .object({
    cardType: z.enum(GIFT_CARD_TYPES).default("virtual"),
    denomination: amount,
    quantity,
    recipientName: z
      .string({ error: GIFT_CARD_MESSAGES.recipientName })
      .transform((v) => stripInvisible(v).trim())
      .pipe(z.string().min(2, GIFT_CARD_MESSAGES.recipientName).max(200)),
    recipientPhone: z
      .string({ error: GIFT_CARD_MESSAGES.recipientPhone })
      .transform((v) => stripInvisible(v).trim())
      .pipe(z.string().min(10, GIFT_CARD_MESSAGES.recipientPhone).max(32, GIFT_CARD_MESSAGES.recipientPhone)),
    recipientEmail: z.union([z.literal(""), z.email(GIFT_CARD_MESSAGES.recipientEmail).max(254)]).optional(),
    personalMessage: optionalText(GIFT_CARD_MESSAGE_MAX + 1000).pipe(
      z.string().max(GIFT_CARD_MESSAGE_MAX, GIFT_CARD_MESSAGES.message).optional(),
    ),
    deliveryMethod: z.enum(GIFT_CARD_DELIVERY).default("sms"),
    design: z.enum(GIFT_CARD_DESIGNS).default("classic"),
    physicalAddress: physicalAddressSchema.optional(),
    paymentMethod: z.enum(GIFT_CARD_PAYMENT_METHODS, { error: "Pay by mobile money or card" }),
    /** Mobile money only; a card order ignores both. */
    mobileMoneyNetwork: momoNetwork.optional(),
    payerPhone: z.string({ error: GHANA_PHONE_MESSAGE }).max(64, GHANA_PHONE_MESSAGE).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.paymentMethod === "mobile_money") {
      if (!v.mobileMoneyNetwork) {
        ctx.addIssue({
          code: "custom",
          path: ["mobileMoneyNetwork"],
          message: "Choose MTN, Vodafone, AirtelTigo or Glo",
        });
      }
      if (!ghanaMobileNumber.safeParse(v.payerPhone).success) {
        ctx.addIssue({ code: "custom", path: ["payerPhone"], message: GHANA_PHONE_MESSAGE });
      }
    }
    if (v.deliveryMethod === "physical_mail" && v.cardType !== "physical") {
      ctx.addIssue({ code: "custom", path: ["deliveryMethod"], message: GIFT_CARD_MESSAGES.physicalOnly });
    }
    if (v.deliveryMethod === "physical_mail" && !v.physicalAddress) {
      ctx.addIssue({ code: "custom", path: ["physicalAddress"], message: GIFT_CARD_MESSAGES.address });
    }
    if (v.deliveryMethod === "email" && !v.recipientEmail) {
      ctx.addIssue({ code: "custom", path: ["recipientEmail"], message: GIFT_CARD_MESSAGES.recipientEmail });
    }
  })
  .transform((v) =>
    v.paymentMethod === "mobile_money"
      ? { ...v, payerPhone: ghanaMobileNumber.safeParse(v.payerPhone).data }
      : { ...v, mobileMoneyNetwork: undefined, payerPhone: undefined },
  );
export type PurchaseGiftCardInput = z.infer<typeof purchaseGiftCardSchema>;

/** A redemption code as people type it: case, spaces and dashes do not matter. */
export const redeemGiftCardSchema = z.object({
  code: z
    .string({ error: "Enter the gift card's code" })
    .transform((v) => stripInvisible(v).toUpperCase().replace(/[\s-]/g, ""))
    .pipe(z.string().min(1, "Enter the gift card's code").max(64, "That is not a gift card code")),
});
