import type Stripe from "stripe";
import { optionalModule } from "../optional-module";
import {
  WebhookSignatureError,
  type CheckoutSessionFacts,
  type InvoiceSnapshot,
  type StripePayments,
  type SubscriptionSnapshot,
  type WebhookEvent,
} from "./types";

/** The SDK is loaded when a Stripe key is configured, not by every server (test mode never needs it). */
const stripeSdk = optionalModule<typeof Stripe>("stripe");

/** NOTE: Stripe's recommended window; a tolerance of 0 would disable the replay check entirely. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a string at a path of an untyped object; ids may also arrive expanded as `{ id }`. */
function idAt(value: unknown, ...path: string[]): string | null {
  let current: unknown = value;
  for (const key of path) {
    if (!isRecord(current)) return null;
    current = current[key];
  }
  if (typeof current === "string") return current;
  if (isRecord(current) && typeof current.id === "string") return current.id;
  return null;
}

function stringMetadata(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** The subscription an event is about, wherever this event type and API version put it. */
function subscriptionIdOf(type: string, object: unknown): string | null {
  if (type.startsWith("customer.subscription.")) return idAt(object, "id");
  if (type.startsWith("checkout.session.")) return idAt(object, "subscription");
  if (type.startsWith("invoice.")) {
    return idAt(object, "parent", "subscription_details", "subscription") ?? idAt(object, "subscription");
  }
  return null;
}

function sessionFacts(object: unknown): CheckoutSessionFacts | null {
  if (!isRecord(object) || typeof object.id !== "string") return null;
  return {
    id: object.id,
    mode: typeof object.mode === "string" ? object.mode : "",
    paymentStatus: typeof object.payment_status === "string" ? object.payment_status : "",
    amountTotal: typeof object.amount_total === "number" ? object.amount_total : null,
    currency: typeof object.currency === "string" ? object.currency : "",
  };
}

function toSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const items = sub.items?.data ?? [];
  const ends = items.map((i) => i.current_period_end).filter((n): n is number => typeof n === "number");
  return {
    id: sub.id,
    customerId: typeof sub.customer === "string" ? sub.customer : sub.customer.id,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodEnd: ends.length > 0 ? new Date(Math.min(...ends) * 1000) : null,
    metadata: stringMetadata(sub.metadata),
    lines: items.map((i) => ({
      unitAmountCents: i.price?.unit_amount ?? null,
      currency: i.price?.currency ?? "",
      interval: i.price?.recurring?.interval ?? null,
      quantity: i.quantity ?? 1,
    })),
  };
}

function toInvoiceSnapshot(invoice: Stripe.Invoice): InvoiceSnapshot {
  return {
    id: invoice.id ?? "",
    customerId: idAt(invoice, "customer"),
    subscriptionId: subscriptionIdOf("invoice.", invoice),
    billingReason: invoice.billing_reason ?? null,
    status: invoice.status ?? null,
    amountPaidCents: invoice.amount_paid,
    currency: invoice.currency,
  };
}

/** The charge a charge.*, charge.refund.* or charge.dispute.* event is about. */
function chargeIdOf(type: string, object: unknown): string | null {
  if (type.startsWith("charge.dispute.") || type.startsWith("charge.refund.")) return idAt(object, "charge");
  if (type.startsWith("charge.")) return idAt(object, "id");
  return null;
}

function isMissing(err: unknown): boolean {
  // By shape, not instanceof: an injected client may come from the SDK's ESM build, whose classes differ from the
  // CommonJS build loaded here.
  const e = err as { type?: unknown; statusCode?: unknown } | null;
  return typeof e?.type === "string" && e.type.startsWith("Stripe") && e.statusCode === 404;
}

/**
 * The Stripe provider. Every write carries an idempotency key so a retried request never creates a second customer,
 * session or cancellation. Pass `client` to point the SDK elsewhere (tests use a local fake API server).
 */
export function createStripePayments(opts: {
  secretKey: string;
  webhookSecret: string | undefined;
  client?: Stripe;
}): StripePayments {
  const stripe =
    opts.client ?? new (stripeSdk())(opts.secretKey, { maxNetworkRetries: 2, timeout: 15_000, telemetry: false });

  async function retrieveInvoice(id: string): Promise<InvoiceSnapshot | null> {
    try {
      return toInvoiceSnapshot(await stripe.invoices.retrieve(id));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    mode: "stripe",

    async createCustomer({ email, name, userId }, idempotencyKey) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { userId: String(userId) } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          customer: input.customerId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: input.unitAmountCents,
                recurring: { interval: "month" },
                product_data: { name: input.productName },
              },
            },
          ],
          metadata: input.metadata,
          subscription_data: { metadata: input.metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { id: session.id, url: session.url };
    },

    async createPaymentCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                product_data: { name: input.productName },
              },
            },
          ],
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { id: session.id, url: session.url };
    },

    async retrieveSubscription(id) {
      try {
        return toSnapshot(await stripe.subscriptions.retrieve(id));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async setCancelAtPeriodEnd(id, cancel, idempotencyKey) {
      return toSnapshot(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }, { idempotencyKey }));
    },

    async cancelSubscription(id, idempotencyKey) {
      try {
        await stripe.subscriptions.cancel(id, {}, { idempotencyKey });
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },

    retrieveInvoice,

    async retrieveCharge(id) {
      let charge: Stripe.Charge;
      try {
        charge = await stripe.charges.retrieve(id);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // Since API 2025-03-31 a charge no longer names its invoice: the invoice payment of its payment intent does.
      const refunds = await stripe.refunds.list({ charge: id, limit: 100 }).autoPagingToArray({ limit: 1000 });
      const paymentIntent = idAt(charge, "payment_intent");
      let invoice: InvoiceSnapshot | null = null;
      if (paymentIntent) {
        const payments = await stripe.invoicePayments.list({
          payment: { type: "payment_intent", payment_intent: paymentIntent },
          expand: ["data.invoice"],
          limit: 1,
        });
        const found = payments.data[0]?.invoice;
        if (isRecord(found) && found.object === "invoice")
          invoice = toInvoiceSnapshot(found as unknown as Stripe.Invoice);
        else if (typeof found === "string") invoice = await retrieveInvoice(found);
      }
      return {
        id: charge.id,
        amountCents: charge.amount,
        currency: charge.currency,
        customerId: idAt(charge, "customer"),
        refunds: refunds.map((r) => ({ id: r.id, amountCents: r.amount, status: r.status ?? "", created: r.created })),
        invoice,
      };
    },

    async retrieveDispute(id) {
      try {
        const dispute = await stripe.disputes.retrieve(id);
        return {
          id: dispute.id,
          chargeId: idAt(dispute, "charge") ?? "",
          status: dispute.status,
          amountCents: dispute.amount,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    verifyWebhook(rawBody, signature): WebhookEvent {
      if (!opts.webhookSecret) throw new WebhookSignatureError("STRIPE_WEBHOOK_SECRET is not set");
      if (!signature) throw new WebhookSignatureError("no Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : "invalid signature");
      }
      const object: unknown = event.data.object;
      return {
        id: event.id,
        type: event.type,
        objectId: idAt(object, "id"),
        chargeId: chargeIdOf(event.type, object),
        subscriptionId: subscriptionIdOf(event.type, object),
        customerId: idAt(object, "customer"),
        metadata: isRecord(object) ? stringMetadata(object.metadata) : {},
        session: event.type.startsWith("checkout.session.") ? sessionFacts(object) : null,
      };
    },
  };
}
