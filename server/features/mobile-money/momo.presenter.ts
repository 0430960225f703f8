import type { MomoPaymentDto } from "@shared/api-types";
import type { MomoPayment } from "@shared/schema";
import type { MomoPaymentStatus } from "@shared/validators/mobile-money";

/** The allow-list of a payment's fields its payer sees (no provider ids beyond the status). */
export function presentMomoPayment(p: MomoPayment, creditedInstead = false): MomoPaymentDto {
  return {
    reference: p.reference,
    status: p.status as MomoPaymentStatus,
    network: p.network,
    phone: `+233 ••• ••${p.phoneLast4}`,
    amount: (p.amountMinor / 100).toFixed(2),
    currency: p.currency,
    testMode: p.provider === "test",
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    expiresAt: p.expiresAt.toISOString(),
    completedAt: p.completedAt?.toISOString() ?? null,
    creditedInstead,
  };
}
