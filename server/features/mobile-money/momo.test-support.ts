import { expect } from "vitest";
import type { MomoPayment } from "@shared/schema";
import type { TestApp } from "../../test/harness";
import { momoContext } from "./momo-context";
import { createMomoPayment, requestMomoPayment } from "./momo.service";

/** A purpose whose handler records what it was told, standing for the gift-card and plan features. */
export function probePurpose(t: TestApp) {
  const paid: MomoPayment[] = [];
  const failed: MomoPayment[] = [];
  momoContext(t.deps).purposes.probe = {
    paid: async (_tx, p) => void paid.push(p),
    failed: async (_tx, p) => void failed.push(p),
  };
  return { paid, failed };
}

/** A signed-in payer with one pending payment of GHS 52.50 requested from +233 24 123 4567. */
export async function payerWithPayment(t: TestApp, amountMinor = 5250) {
  const { agent, user } = await t.signUp();
  const ctx = momoContext(t.deps);
  const payment = await createMomoPayment(t.db, ctx, {
    userId: user.id,
    purpose: "probe",
    subjectId: null,
    network: "MTN",
    phone: "+233241234567",
    amountMinor,
  });
  await requestMomoPayment(ctx, payment, "+233241234567", "Heirloom gift card");
  expect(payment.status).toBe("pending");
  return { agent, user, payment };
}
