import type Stripe from "stripe";
import type { AppConfig } from "../../config";
import { createStripePayments } from "./stripe-payments";
import type { Payments } from "./types";

export type {
  ChargeSnapshot,
  CheckoutSessionFacts,
  DisputeSnapshot,
  InvoiceSnapshot,
  Payments,
  StripePayments,
  SubscriptionSnapshot,
  WebhookEvent,
} from "./types";
export { WebhookSignatureError } from "./types";

type StripeConfig = NonNullable<AppConfig["stripe"]>;

/** SDK clients bound to one config object; lets a test point the real provider at a local fake Stripe API. */
const boundClients = new WeakMap<StripeConfig, Stripe>();

/**
 * Makes createPayments use `client` for exactly this config object (tests: a client built with
 * `{ host: "127.0.0.1", port, protocol: "http" }`). Production never calls it.
 */
export function bindStripeClient(config: StripeConfig, client: Stripe): void {
  boundClients.set(config, client);
}

/** Test mode when no Stripe key is configured (contract); the Stripe provider otherwise. */
export function createPayments(config: AppConfig["stripe"]): Payments {
  if (!config) return { mode: "test" };
  return createStripePayments({
    secretKey: config.secretKey,
    webhookSecret: config.webhookSecret,
    client: boundClients.get(config),
  });
}
