import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** Test helper: the few Stripe API endpoints we call, on loopback, with canned JSON and a request log. */

type Params = { [key: string]: string | Params };
export type RecordedRequest = { method: string; path: string; idempotencyKey: string | undefined; params: Params };

type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: "list"; data: FakeItem[] };
};
type FakeItem = {
  id: string;
  object: "subscription_item";
  quantity: number;
  current_period_end: number;
  price: { id: string; object: "price"; unit_amount: number; currency: string; recurring: { interval: string } };
};
type FakeSession = { id: string; customer: string; params: Params };
type FakeInvoice = {
  id: string;
  object: "invoice";
  customer: string;
  status: string;
  billing_reason: string;
  amount_paid: number;
  currency: string;
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
};
type FakeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  disputed: boolean;
  currency: string;
  customer: string;
  paid: boolean;
  status: "succeeded";
  payment_intent: string;
};
type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: string;
  created: number;
};
type FakeDispute = {
  id: string;
  object: "dispute";
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string;
  status: string;
  created: number;
};
type FakeInvoicePayment = {
  id: string;
  object: "invoice_payment";
  amount_paid: number;
  amount_requested: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  status: "paid";
  payment: { type: "payment_intent"; payment_intent: string };
};

const list = (url: string, data: unknown[]) => ({ object: "list", data, has_more: false, url });
const epoch = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects (arrays stay keyed by index). */
function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        node = typeof next === "object" ? next : (node[part] = {});
      }
    });
  }
  return out;
}

function pick(params: Params, ...path: string[]): string | undefined {
  let node: string | Params | undefined = params;
  for (const key of path) node = typeof node === "object" ? node[key] : undefined;
  return typeof node === "string" ? node : undefined;
}

function strings(value: string | Params | undefined): Record<string, string> {
  if (typeof value !== "object") return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${status}` });
  res.end(JSON.stringify(body));
}

const missing = (what: string) => ({
  error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
});

/** Subscription statuses whose first invoice was paid. */
const IN_FORCE = new Set(["active", "trialing", "past_due"]);

export async function startFakeStripeApi() {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, string>();
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  const invoicePayments: FakeInvoicePayment[] = [];
  /** The charge that paid each invoice. */
  const chargeOfInvoice = new Map<string, string>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${++counter}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const params = parseForm(req.method === "GET" ? url.search.slice(1) : Buffer.concat(chunks).toString("utf8"));
    const key = req.headers["idempotency-key"];
    requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey: key as string | undefined, params });

    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const id = customers.get(String(key)) ?? nextId("cus");
      customers.set(String(key), id);
      return send(res, 200, { id, object: "customer", email: pick(params, "email") ?? null, metadata: {} });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = nextId("cs_test");
      sessions.set(id, { id, customer: pick(params, "customer") ?? "", params });
      const metadata = strings(params.metadata);
      return send(res, 200, {
        id,
        object: "checkout.session",
        mode: "subscription",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        metadata,
      });
    }
    const getMatch = req.method === "GET" ? /^\/v1\/(invoices|charges|disputes)\/([^/]+)$/.exec(url.pathname) : null;
    if (getMatch) {
      const [, kind, id] = getMatch;
      const store: Map<string, unknown> = kind === "invoices" ? invoices : kind === "charges" ? charges : disputes;
      const found = store.get(id);
      return found ? send(res, 200, found) : send(res, 404, missing(kind.slice(0, -1)));
    }
    if (req.method === "GET" && url.pathname === "/v1/refunds") {
      const charge = pick(params, "charge");
      const data = [...refunds.values()].filter((r) => charge === undefined || r.charge === charge).reverse();
      return send(res, 200, list("/v1/refunds", data));
    }
    if (req.method === "GET" && url.pathname === "/v1/invoice_payments") {
      // Stripe filters by invoice, or by payment (type payment_intent and its id); data.invoice may be expanded.
      const invoice = pick(params, "invoice");
      const intent = pick(params, "payment", "payment_intent");
      if (invoice === undefined && (pick(params, "payment", "type") !== "payment_intent" || !intent)) {
        return send(res, 400, { error: { type: "invalid_request_error", message: "Missing invoice or payment" } });
      }
      const expand = Object.values(typeof params.expand === "object" ? params.expand : {}).includes("data.invoice");
      const data = invoicePayments
        .filter(
          (p) => (invoice === undefined || p.invoice === invoice) && (!intent || p.payment.payment_intent === intent),
        )
        .map((p) => (expand ? { ...p, invoice: invoices.get(p.invoice) } : p));
      return send(res, 200, list("/v1/invoice_payments", data));
    }
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1]);
      if (!sub) return send(res, 404, missing("subscription"));
      if (req.method === "POST" && pick(params, "cancel_at_period_end"))
        sub.cancel_at_period_end = pick(params, "cancel_at_period_end") === "true";
      if (req.method === "DELETE") sub.status = "canceled";
      return send(res, 200, sub);
    }
    send(res, 404, missing("route"));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: { type: "api_error", message: "fake failure" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;

  /** Checkout pays the subscription's first invoice. */
  function payFirst(subscriptionId: string): void {
    api.payInvoice(subscriptionId, { billingReason: "subscription_create" });
  }

  const api = {
    port,
    requests,
    /** A Stripe SDK client that talks to this server. */
    client: (secretKey = "sk_test_fake") =>
      new Stripe(secretKey, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0, telemetry: false }),
    sessionParams: (sessionId: string) => sessions.get(sessionId)?.params,
    /**
     * What Stripe does when the customer pays: a subscription from the session's line and metadata. `unitAmount`
     * overrides the price (to simulate a tampered or unknown price).
     */
    completeCheckout(
      sessionId: string,
      opts: { status?: string; unitAmount?: number; periodEnd?: Date } = {},
    ): FakeSubscription {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`unknown session ${sessionId}`);
      const p = session.params;
      const periodEnd = opts.periodEnd ?? new Date(Date.now() + 30 * 24 * 3600 * 1000);
      const sub: FakeSubscription = {
        id: nextId("sub"),
        object: "subscription",
        customer: session.customer,
        status: opts.status ?? "active",
        cancel_at_period_end: false,
        metadata: strings(typeof p.subscription_data === "object" ? p.subscription_data.metadata : undefined),
        items: {
          object: "list",
          data: [
            {
              id: nextId("si"),
              object: "subscription_item",
              quantity: Number(pick(p, "line_items", "0", "quantity") ?? 1),
              current_period_end: Math.floor(periodEnd.getTime() / 1000),
              price: {
                id: nextId("price"),
                object: "price",
                unit_amount: opts.unitAmount ?? Number(pick(p, "line_items", "0", "price_data", "unit_amount")),
                currency: pick(p, "line_items", "0", "price_data", "currency") ?? "usd",
                recurring: { interval: pick(p, "line_items", "0", "price_data", "recurring", "interval") ?? "month" },
              },
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      if (IN_FORCE.has(sub.status)) payFirst(sub.id);
      return sub;
    },
    subscription: (id: string) => subscriptions.get(id),
    /**
     * What Stripe does when it charges a subscription's invoice: a paid invoice (`subscription_create` for the first
     * one, `subscription_cycle` for a renewal) for the subscription's line, a payment intent, its charge, and the
     * invoice payment that links them (since API 2025-03-31 the charge does not name its invoice).
     */
    payInvoice(subscriptionId: string, opts: { billingReason?: string; amountCents?: number } = {}) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`unknown subscription ${subscriptionId}`);
      const line = sub.items.data[0];
      const amount = opts.amountCents ?? line.price.unit_amount * line.quantity;
      const invoice: FakeInvoice = {
        id: nextId("in"),
        object: "invoice",
        customer: sub.customer,
        status: "paid",
        billing_reason: opts.billingReason ?? "subscription_cycle",
        amount_paid: amount,
        currency: line.price.currency,
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
        },
      };
      const intent = nextId("pi");
      const charge: FakeCharge = {
        id: nextId("ch"),
        object: "charge",
        amount,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        currency: invoice.currency,
        customer: sub.customer,
        paid: true,
        status: "succeeded",
        payment_intent: intent,
      };
      invoices.set(invoice.id, invoice);
      charges.set(charge.id, charge);
      chargeOfInvoice.set(invoice.id, charge.id);
      invoicePayments.push({
        id: nextId("inpay"),
        object: "invoice_payment",
        amount_paid: amount,
        amount_requested: amount,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        status: "paid",
        payment: { type: "payment_intent", payment_intent: intent },
      });
      return { invoice, charge };
    },
    /** The charge that paid a subscription's first invoice (the checkout). */
    firstCharge(subscriptionId: string): FakeCharge {
      const invoice = [...invoices.values()].find(
        (i) =>
          i.parent.subscription_details.subscription === subscriptionId && i.billing_reason === "subscription_create",
      );
      const charge = invoice && charges.get(chargeOfInvoice.get(invoice.id) ?? "");
      if (!charge) throw new Error(`no first charge for ${subscriptionId}`);
      return charge;
    },
    /** A refund of `amountCents` (all that is left by default), succeeded at once as card refunds usually are. */
    refund(chargeId: string, amountCents?: number) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`unknown charge ${chargeId}`);
      const amount = amountCents ?? charge.amount - charge.amount_refunded;
      if (amount <= 0 || charge.amount_refunded + amount > charge.amount) throw new Error("refund exceeds the charge");
      const refund: FakeRefund = {
        id: nextId("re"),
        object: "refund",
        amount,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: charge.payment_intent,
        status: "succeeded",
        created: epoch(),
      };
      refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      return { refund, charge: { ...charge } };
    },
    /** A dispute (chargeback) of the whole charge; `status` moves it on (won, lost, …). */
    dispute(chargeId: string, status = "needs_response"): FakeDispute {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`unknown charge ${chargeId}`);
      charge.disputed = true;
      const dispute: FakeDispute = {
        id: nextId("du"),
        object: "dispute",
        amount: charge.amount - charge.amount_refunded,
        charge: charge.id,
        currency: charge.currency,
        payment_intent: charge.payment_intent,
        reason: "fraudulent",
        status,
        created: epoch(),
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    setDisputeStatus(disputeId: string, status: string): FakeDispute {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`unknown dispute ${disputeId}`);
      dispute.status = status;
      return { ...dispute };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}

export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;

/** A signed webhook delivery: the exact bytes and the Stripe-Signature header for them. */
export function signedEvent(
  event: { id: string; type: string; object: Record<string, unknown> },
  opts: { secret: string; timestamp?: number },
) {
  const payload = JSON.stringify({
    id: event.id,
    object: "event",
    type: event.type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret,
    timestamp: opts.timestamp,
  });
  return { payload, signature };
}
