/**
 * The payment processor as the billing feature sees it. Test mode has no processor: the billing service applies
 * changes at once. Stripe mode sends the browser to a Checkout page and applies changes when the signed webhook
 * confirms them.
 */
export type Payments = TestPayments | StripePayments;

export type TestPayments = { mode: "test" };

/** One line of a subscription, enough to check it against our catalogue. */
export type SubscriptionLine = {
  unitAmountCents: number | null;
  currency: string;
  interval: string | null;
  quantity: number;
};

/** The subscription as Stripe holds it now; webhook handlers apply this, never the event's own snapshot. */
export type SubscriptionSnapshot = {
  id: string;
  customerId: string;
  /** Stripe's status (active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused, …). */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  metadata: Record<string, string>;
  lines: SubscriptionLine[];
};

/**
 * What a `checkout.session.*` event says of its session. A one-time payment session does not change once
 * completed, so its signed event is the fact itself (no re-read, unlike a subscription).
 */
export type CheckoutSessionFacts = {
  id: string;
  mode: string;
  /** Stripe's payment_status: paid, unpaid or no_payment_required. */
  paymentStatus: string;
  /** In the currency's minor unit (pesewas for GHS). */
  amountTotal: number | null;
  /** Lower case, as Stripe writes it ("ghs"). */
  currency: string;
};

/** An invoice as Stripe holds it now: enough to tell a renewal from a first payment and whose it is. */
export type InvoiceSnapshot = {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** subscription_create (the first payment), subscription_cycle (a renewal), subscription_update, manual, … */
  billingReason: string | null;
  status: string | null;
  amountPaidCents: number;
  currency: string;
};

/** A charge as Stripe holds it now, with its refunds and the invoice it paid (through its payment intent). */
export type ChargeSnapshot = {
  id: string;
  amountCents: number;
  currency: string;
  customerId: string | null;
  refunds: { id: string; amountCents: number; status: string; created: number }[];
  /** Null when the charge paid no invoice (or has no payment intent). */
  invoice: InvoiceSnapshot | null;
};

/** A dispute (chargeback) as Stripe holds it now. */
export type DisputeSnapshot = { id: string; chargeId: string; status: string; amountCents: number };

/** What a webhook event names; the handler re-reads the subscription rather than trusting the event body. */
export type WebhookEvent = {
  id: string;
  type: string;
  /** The id of the event's object (the invoice, charge, refund or dispute), re-read before it is applied. */
  objectId: string | null;
  /** The charge a refund or dispute event is about. */
  chargeId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  metadata: Record<string, string>;
  /** Set for `checkout.session.*` events. */
  session?: CheckoutSessionFacts | null;
};

export type CheckoutRequest = {
  customerId: string;
  /** One recurring monthly line priced in USD cents. */
  productName: string;
  unitAmountCents: number;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

/** A one-time payment (gift cards): one line of `amountMinor` in `currency`, no customer, no subscription. */
export type PaymentCheckoutRequest = {
  productName: string;
  amountMinor: number;
  /** ISO 4217, e.g. "GHS"; sent lower case. */
  currency: string;
  metadata: Record<string, string>;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

export type StripePayments = {
  mode: "stripe";
  createCustomer(input: { email: string; name: string; userId: number }, idempotencyKey: string): Promise<string>;
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  createPaymentCheckoutSession(input: PaymentCheckoutRequest): Promise<{ id: string; url: string }>;
  /** Null when Stripe has no such subscription. */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  setCancelAtPeriodEnd(id: string, cancel: boolean, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  cancelSubscription(id: string, idempotencyKey: string): Promise<void>;
  /** Null when Stripe has no such invoice. */
  retrieveInvoice(id: string): Promise<InvoiceSnapshot | null>;
  /** The charge, all its refunds and the invoice it paid; null when Stripe has no such charge. */
  retrieveCharge(id: string): Promise<ChargeSnapshot | null>;
  /** Null when Stripe has no such dispute. */
  retrieveDispute(id: string): Promise<DisputeSnapshot | null>;
  /** Verifies the signature over the raw body (300 s tolerance); throws WebhookSignatureError otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
};

export class WebhookSignatureError extends Error {
  constructor(reason: string) {
    super(`Stripe webhook refused: ${reason}`);
    this.name = "WebhookSignatureError";
  }
}
