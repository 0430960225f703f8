import { randomBytes } from "node:crypto";
import type { FakeStripeApi } from "../../lib/payments/fake-stripe-api";

type Params = NonNullable<ReturnType<FakeStripeApi["sessionParams"]>>;

function at(params: Params, ...path: string[]): string | undefined {
  let node: Params[string] | undefined = params;
  for (const key of path) node = typeof node === "object" ? node[key] : undefined;
  return typeof node === "string" ? node : undefined;
}

function strings(value: Params[string] | undefined): Record<string, string> {
  if (typeof value !== "object") return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * The `checkout.session.*` event Stripe sends about a one-time (mode=payment) Checkout Session the app created on
 * the fake Stripe API: the session object as Stripe's API shapes it, its amount and currency those of the session's
 * line unless a test overrides them (to simulate a tampered or wrong payment). Sign and deliver it with the Stripe
 * world's `send`.
 */
export function paymentSessionEvent(
  fake: FakeStripeApi,
  sessionId: string,
  opts: { type?: string; paymentStatus?: string; amountTotal?: number; currency?: string } = {},
) {
  const params = fake.sessionParams(sessionId);
  if (!params) throw new Error(`unknown session ${sessionId}`);
  const unit = Number(at(params, "line_items", "0", "price_data", "unit_amount"));
  const quantity = Number(at(params, "line_items", "0", "quantity") ?? 1);
  const amount = opts.amountTotal ?? unit * quantity;
  const type = opts.type ?? "checkout.session.completed";
  return {
    id: `evt_${randomBytes(8).toString("hex")}`,
    type,
    object: {
      id: sessionId,
      object: "checkout.session",
      mode: at(params, "mode") ?? "payment",
      status: type === "checkout.session.expired" ? "expired" : "complete",
      payment_status: opts.paymentStatus ?? (type === "checkout.session.expired" ? "unpaid" : "paid"),
      amount_subtotal: amount,
      amount_total: amount,
      currency: opts.currency ?? at(params, "line_items", "0", "price_data", "currency") ?? "usd",
      customer: null,
      customer_email: at(params, "customer_email") ?? null,
      payment_intent: `pi_${randomBytes(6).toString("hex")}`,
      subscription: null,
      metadata: strings(params.metadata),
      success_url: at(params, "success_url") ?? null,
      cancel_url: at(params, "cancel_url") ?? null,
    },
  };
}
