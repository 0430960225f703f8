import { eq } from "drizzle-orm";
import { momoPayments } from "@shared/schema";
import type { Db } from "../../db";
import type { MomoProvider } from "./types";

/**
 * MOMO_PROVIDER=test (the default): no network. The payer's answer on their phone is given on Heirloom's own
 * "Test mode — approve on this screen" step (POST /api/payments/momo/test/:reference/approve or /decline), which
 * records it on the payment row; the status query reads it back exactly as a provider's answer is read, so the
 * same checks and the same conditional updates run as with MTN.
 */
export function createTestMomoProvider(db: Db): MomoProvider {
  return {
    name: "test",
    async requestToPay() {
      // the prompt is the screen's own test step
    },
    async status(reference) {
      const [row] = await db
        .select({
          answer: momoPayments.testAnswer,
          amountMinor: momoPayments.amountMinor,
          currency: momoPayments.currency,
        })
        .from(momoPayments)
        .where(eq(momoPayments.reference, reference));
      if (!row) return null;
      if (row.answer === "approved") {
        const externalReference = `TEST-${reference.slice(0, 8).toUpperCase()}`;
        return {
          state: "successful",
          amountMinor: row.amountMinor,
          currency: row.currency,
          externalReference,
          reason: null,
        };
      }
      if (row.answer === "declined") {
        return {
          state: "failed",
          amountMinor: row.amountMinor,
          currency: row.currency,
          externalReference: null,
          reason: "Declined by the payer",
        };
      }
      return {
        state: "pending",
        amountMinor: row.amountMinor,
        currency: row.currency,
        externalReference: null,
        reason: null,
      };
    },
  };
}
