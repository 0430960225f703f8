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

export async function startFakeStripeApi() {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, string>();
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
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

  return {
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
      return sub;
    },
    subscription: (id: string) => subscriptions.get(id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
