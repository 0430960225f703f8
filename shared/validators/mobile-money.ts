import { z } from "zod";
import { stripInvisible } from "./common";

/** Spec 001 §3: the four networks a payer may choose. */
export const MOMO_NETWORKS = ["MTN", "Vodafone", "AirtelTigo", "Glo"] as const;
export type MomoNetwork = (typeof MOMO_NETWORKS)[number];

/** Spec 001 §7 "Mobile money payment": the message for a number that is not +233 and nine digits. */
export const GHANA_PHONE_MESSAGE = "Invalid Ghana phone number format";

/** A payer's number: +233 then nine digits; spaces and dashes people type are dropped first. */
export const ghanaMobileNumber = z
  .string({ error: GHANA_PHONE_MESSAGE })
  .transform((v) => stripInvisible(v).replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\+233\d{9}$/, GHANA_PHONE_MESSAGE));

export const MOMO_NETWORK_MESSAGE = "Choose MTN, Vodafone, AirtelTigo or Glo";
export const momoNetwork = z.enum(MOMO_NETWORKS, { error: MOMO_NETWORK_MESSAGE });

/** What a mobile-money payment answers to its payer (GET /api/payments/momo/:reference). */
export type MomoPaymentStatus = "pending" | "successful" | "failed" | "expired";
