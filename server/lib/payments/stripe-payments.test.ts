import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindStripeClient, createPayments, WebhookSignatureError, type StripePayments } from "./index";
import { signedEvent, startFakeStripeApi, type FakeStripeApi } from "./fake-stripe-api";
import { createStripePayments, WEBHOOK_TOLERANCE_SECONDS } from "./stripe-payments";

const SECRET = "whsec_unit";
let fake: FakeStripeApi;
let stripe: StripePayments;

beforeAll(async () => {
  fake = await startFakeStripeApi();
  stripe = createStripePayments({ secretKey: "sk_test_unit", webhookSecret: SECRET, client: fake.client() });
});
afterAll(async () => {
  await fake?.close();
});

function verify(object: Record<string, unknown>, type: string, opts: { secret?: string; timestamp?: number } = {}) {
  const { payload, signature } = signedEvent(
    { id: "evt_unit", type, object },
    { secret: opts.secret ?? SECRET, timestamp: opts.timestamp },
  );
  return stripe.verifyWebhook(Buffer.from(payload), signature);
}

describe("createPayments", () => {
  it("runs in test mode without a Stripe key", () => {
    expect(createPayments(undefined)).toEqual({ mode: "test" });
  });

  it("uses the Stripe provider, with a bound client when a test gives one", async () => {
    const config = { secretKey: "sk_test_bound", webhookSecret: SECRET };
    bindStripeClient(config, fake.client());
    const payments = createPayments(config);
    expect(payments.mode).toBe("stripe");
    if (payments.mode !== "stripe") return;
    expect(await payments.retrieveSubscription("sub_nope")).toBeNull();
  });
});

describe("verifyWebhook", () => {
  it("keeps Stripe's 300-second tolerance", () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    const now = Math.floor(Date.now() / 1000);
    expect(() => verify({ id: "sub_1" }, "customer.subscription.updated", { timestamp: now - 301 })).toThrow(
      WebhookSignatureError,
    );
    expect(verify({ id: "sub_1" }, "customer.subscription.updated", { timestamp: now - 250 }).id).toBe("evt_unit");
  });

  it("refuses a missing secret, a missing header and a wrong secret", () => {
    const { payload, signature } = signedEvent({ id: "evt_x", type: "x", object: {} }, { secret: SECRET });
    const noSecret = createStripePayments({ secretKey: "sk", webhookSecret: undefined, client: fake.client() });
    expect(() => noSecret.verifyWebhook(Buffer.from(payload), signature)).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    expect(() => verify({}, "x", { secret: "whsec_other" })).toThrow(WebhookSignatureError);
  });

  it("finds the subscription wherever the event type puts it", () => {
    expect(verify({ id: "sub_a", customer: "cus_1" }, "customer.subscription.deleted")).toMatchObject({
      subscriptionId: "sub_a",
      customerId: "cus_1",
    });
    expect(verify({ subscription: "sub_b", metadata: { bundleId: "7" } }, "checkout.session.completed")).toMatchObject({
      subscriptionId: "sub_b",
      metadata: { bundleId: "7" },
    });
    const invoice = { parent: { subscription_details: { subscription: { id: "sub_c" } } }, customer: { id: "cus_2" } };
    expect(verify(invoice, "invoice.payment_failed")).toMatchObject({ subscriptionId: "sub_c", customerId: "cus_2" });
    expect(verify({ subscription: "sub_d" }, "invoice.paid").subscriptionId).toBe("sub_d");
    expect(verify({ id: "ch_1" }, "charge.succeeded").subscriptionId).toBeNull();
  });

  it("names the event's object and the charge a refund or dispute is about", () => {
    expect(verify({ id: "ch_1", payment_intent: "pi_1" }, "charge.refunded")).toMatchObject({
      objectId: "ch_1",
      chargeId: "ch_1",
    });
    expect(verify({ id: "du_1", charge: "ch_2" }, "charge.dispute.created")).toMatchObject({
      objectId: "du_1",
      chargeId: "ch_2",
    });
    expect(verify({ id: "re_1", charge: { id: "ch_3" } }, "charge.refund.updated")).toMatchObject({
      objectId: "re_1",
      chargeId: "ch_3",
    });
    expect(verify({ id: "in_1" }, "invoice.paid")).toMatchObject({ objectId: "in_1", chargeId: null });
  });
});

describe("Stripe API calls", () => {
  it("maps a subscription to the snapshot the webhook applies", async () => {
    const customerId = await stripe.createCustomer({ email: "a@example.com", name: "A", userId: 1 }, "customer:1");
    const session = await stripe.createCheckoutSession({
      customerId,
      productName: "Basic Premium plan",
      unitAmountCents: 1999,
      metadata: { userId: "1", kind: "plan", planId: "basic_premium", bundleId: "9" },
      successUrl: "http://heirloom.test/pricing?checkout=success",
      cancelUrl: "http://heirloom.test/pricing?checkout=cancelled",
      idempotencyKey: "checkout:9",
    });
    const periodEnd = new Date("2026-03-01T00:00:00Z");
    const sub = fake.completeCheckout(session.id, { periodEnd });
    expect(await stripe.retrieveSubscription(sub.id)).toEqual({
      id: sub.id,
      customerId,
      status: "active",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd,
      metadata: { userId: "1", kind: "plan", planId: "basic_premium", bundleId: "9" },
      lines: [{ unitAmountCents: 1999, currency: "usd", interval: "month", quantity: 1 }],
    });
    const cancelled = await stripe.setCancelAtPeriodEnd(sub.id, true, `cancel:${sub.id}`);
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    await stripe.cancelSubscription(sub.id, `supersede:${sub.id}`);
    expect(fake.subscription(sub.id)?.status).toBe("canceled");
    await expect(stripe.cancelSubscription("sub_missing", "k")).resolves.toBeUndefined();
  });

  it("reads a charge with its refunds and the invoice it paid (through the payment intent), an invoice, a dispute", async () => {
    const customerId = await stripe.createCustomer({ email: "b@example.com", name: "B", userId: 2 }, "customer:2");
    const session = await stripe.createCheckoutSession({
      customerId,
      productName: "Advanced Premium plan",
      unitAmountCents: 2999,
      metadata: { userId: "2", kind: "plan", planId: "advanced_premium", bundleId: "10" },
      successUrl: "http://heirloom.test/pricing?checkout=success",
      cancelUrl: "http://heirloom.test/pricing?checkout=cancelled",
      idempotencyKey: "checkout:10",
    });
    const sub = fake.completeCheckout(session.id);
    const first = fake.firstCharge(sub.id);
    const { refund } = fake.refund(first.id, 1000);
    const charge = await stripe.retrieveCharge(first.id);
    expect(charge).toMatchObject({
      id: first.id,
      amountCents: 2999,
      currency: "usd",
      customerId,
      refunds: [{ id: refund.id, amountCents: 1000, status: "succeeded" }],
      invoice: { customerId, subscriptionId: sub.id, billingReason: "subscription_create", amountPaidCents: 2999 },
    });
    const renewal = fake.payInvoice(sub.id);
    expect(await stripe.retrieveInvoice(renewal.invoice.id)).toEqual({
      id: renewal.invoice.id,
      customerId,
      subscriptionId: sub.id,
      billingReason: "subscription_cycle",
      status: "paid",
      amountPaidCents: 2999,
      currency: "usd",
    });
    const dispute = fake.dispute(renewal.charge.id);
    expect(await stripe.retrieveDispute(dispute.id)).toEqual({
      id: dispute.id,
      chargeId: renewal.charge.id,
      status: "needs_response",
      amountCents: 2999,
    });
    expect(await stripe.retrieveCharge("ch_missing")).toBeNull();
    expect(await stripe.retrieveInvoice("in_missing")).toBeNull();
    expect(await stripe.retrieveDispute("du_missing")).toBeNull();
  });

  it("surfaces Stripe errors other than not-found", async () => {
    const broken = createStripePayments({
      secretKey: "sk",
      webhookSecret: SECRET,
      client: new Stripe("sk", { host: "127.0.0.1", port: 1, protocol: "http", maxNetworkRetries: 0 }),
    });
    await expect(broken.retrieveSubscription("sub_1")).rejects.toThrow();
  });
});
