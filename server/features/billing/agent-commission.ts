import type { Tx } from "../../db";
import { recordClientPayment } from "../agents/earnings.service";
import type { Bundle } from "./billing.queries";

/**
 * A purchase has just been confirmed as paid (test mode's purchase, or the webhook's pending → paid): in the same
 * transaction, the buyer's agent (if any) earns their commission on it, once per bundle (PAY-03).
 */
export function creditAgentForBundle(tx: Tx, now: Date, bundle: Pick<Bundle, "id" | "userId" | "price">) {
  return recordClientPayment(
    tx,
    { now },
    { clientId: bundle.userId, transactionType: "bundle", transactionId: String(bundle.id), amount: bundle.price },
  );
}
