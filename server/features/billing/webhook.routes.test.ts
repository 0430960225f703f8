import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageLimitBytes } from "@shared/plans";
import { stripeEvents } from "@shared/schema";
import { signedEvent } from "../../lib/payments/fake-stripe-api";
import { bundlesOf, userRow } from "./billing.test-support";
import {
  completed,
  invoiceEvent,
  startStripeWorld,
  subscriptionEvent,
  WEBHOOK_SECRET,
  type StripeWorld,
} from "../../test/fakes/stripe-world";

let w: StripeWorld;
beforeAll(async () => {
  w = await startStripeWorld();
});
afterAll(async () => {
  await w?.close();
});

describe("checkout with Stripe", () => {
  it("answers a Checkout URL and changes nothing until the webhook", async () => {
    const { agent, user } = await w.t.signUp();
    const sessionId = await w.startCheckout(agent, "/api/upgrade-plan", { planId: "basic_premium" });
    const row = await userRow(w.t.db, user.id);
    expect(row).toMatchObject({ plan: "free", stripeSubscriptionId: null, storageLimit: 10 * 1024 * 1024 });
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    const [bundle] = await bundlesOf(w.t.db, user.id);
    expect(bundle).toMatchObject({ status: "pending", category: "plan", price: "19.99" });

    const params = w.fake.sessionParams(sessionId);
    expect(params).toMatchObject({
      mode: "subscription",
      customer: row.stripeCustomerId,
      line_items: {
        "0": { quantity: "1", price_data: { currency: "usd", unit_amount: "1999", recurring: { interval: "month" } } },
      },
      metadata: { userId: String(user.id), kind: "plan", planId: "basic_premium", bundleId: String(bundle.id) },
      subscription_data: { metadata: { userId: String(user.id), kind: "plan", bundleId: String(bundle.id) } },
    });
    const usage = await agent.get("/api/usage");
    expect(usage.body).toMatchObject({ plan: "freemium", testMode: false });
  });

  it("creates the customer once and sends an idempotency key with every write", async () => {
    const { agent, user } = await w.t.signUp();
    await w.startCheckout(agent, "/api/upgrade-plan", { planId: "basic_premium" });
    await w.startCheckout(agent, "/api/purchase-storage", { storageGB: 12 });
    const bundles = await bundlesOf(w.t.db, user.id);
    const customerId = (await userRow(w.t.db, user.id)).stripeCustomerId;
    const mine = w.fake.requests.filter(
      (r) => r.idempotencyKey === `customer:${user.id}` || bundles.some((b) => r.idempotencyKey === `checkout:${b.id}`),
    );
    expect(mine.map((r) => `${r.method} ${r.path} ${r.idempotencyKey}`)).toEqual([
      `POST /v1/customers customer:${user.id}`,
      `POST /v1/checkout/sessions checkout:${bundles[0].id}`,
      `POST /v1/checkout/sessions checkout:${bundles[1].id}`,
    ]);
    expect(w.fake.requests.filter((r) => r.method === "POST" && !r.idempotencyKey)).toEqual([]);
    expect(customerId).toMatch(/^cus_/);
    expect(bundles[1]).toMatchObject({ category: "storage", quantity: 12, price: "23.88", status: "pending" });
  });

  it("applies the plan when the signed webhook confirms it", async () => {
    const { user, sub } = await w.subscribed();
    const row = await userRow(w.t.db, user.id);
    expect(row).toMatchObject({ plan: "basic_premium", stripeSubscriptionId: sub.id, cancelAtPeriodEnd: false });
    expect(row.storageLimit).toBe(storageLimitBytes("basic_premium", 0));
    expect(row.planRenewsAt?.getTime()).toBe(sub.items.data[0].current_period_end * 1000);
    expect((await bundlesOf(w.t.db, user.id))[0].status).toBe("paid");
  });

  it("PAY-05: the success redirect changes nothing", async () => {
    const { agent, user } = await w.t.signUp();
    const sessionId = await w.startCheckout(agent, "/api/upgrade-plan", { planId: "professional" });
    w.fake.completeCheckout(sessionId);
    const events = await w.eventCount();
    await agent.get(`/billing/success?session_id=${sessionId}`);
    await agent.get(`/pricing?checkout=success&session_id=${sessionId}`);
    await agent.get(`/api/billing/success?session_id=${sessionId}`).expect(404);
    expect((await userRow(w.t.db, user.id)).plan).toBe("free");
    expect((await bundlesOf(w.t.db, user.id))[0].status).toBe("pending");
    expect(await w.eventCount()).toBe(events);
  });
});

describe("PAY-01/02: webhook signatures", () => {
  async function pending() {
    const { agent, user } = await w.t.signUp();
    const sessionId = await w.startCheckout(agent, "/api/upgrade-plan", { planId: "basic_premium" });
    return { user, sessionId, sub: w.fake.completeCheckout(sessionId) };
  }

  it("refuses a missing, garbage or wrong-secret signature with 400 and changes nothing", async () => {
    const { user, sessionId, sub } = await pending();
    const event = completed(sessionId, sub);
    const { payload } = signedEvent(event, { secret: WEBHOOK_SECRET });
    const wrong = signedEvent(event, { secret: "whsec_someone_else" }).signature;
    const events = await w.eventCount();
    for (const signature of [undefined, "garbage", "t=1,v1=00", wrong]) {
      const res = await w.deliver(payload, signature);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Invalid Stripe signature." });
    }
    expect((await userRow(w.t.db, user.id)).plan).toBe("free");
    expect(await w.eventCount()).toBe(events);
  });

  it("verifies the raw bytes: a signature over re-serialized JSON fails", async () => {
    const { user, sessionId, sub } = await pending();
    const { payload, signature } = signedEvent(completed(sessionId, sub), { secret: WEBHOOK_SECRET });
    const reserialized = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await w.deliver(reserialized, signature)).status).toBe(400);
    expect((await w.deliver(payload, signature, "text/plain")).status).toBe(400);
    expect((await userRow(w.t.db, user.id)).plan).toBe("free");
  });

  it("refuses a timestamp older than 300 seconds, accepts one inside the window", async () => {
    const { user, sessionId, sub } = await pending();
    const now = Math.floor(Date.now() / 1000);
    expect((await w.send(completed(sessionId, sub), now - 301)).status).toBe(400);
    expect((await userRow(w.t.db, user.id)).plan).toBe("free");
    expect((await w.send(completed(sessionId, sub), now - 290)).status).toBe(200);
    expect((await userRow(w.t.db, user.id)).plan).toBe("basic_premium");
  });
});

// NOTE: last in the file on purpose. Concurrent requests make the pool open a second connection, and on the embedded
// engine (one PGlite session behind every socket connection) the rate limiter's named prepared statement then
// collides ("already exists") and later sign-ups answer 503. Real PostgreSQL is unaffected; reported to the lead.
describe("PAY-03: duplicates", () => {
  it("applies an event delivered twice, and several times at once, exactly once", async () => {
    const { agent, user } = await w.t.signUp();
    const other = await w.t.signUp();
    const sessionId = await w.startCheckout(agent, "/api/purchase-storage", { storageGB: 12 });
    const sub = w.fake.completeCheckout(sessionId);
    const otherSession = await w.startCheckout(other.agent, "/api/purchase-storage", { storageGB: 50 });
    const otherSub = w.fake.completeCheckout(otherSession);

    const event = completed(sessionId, sub);
    const answers = await Promise.all([1, 2, 3, 4].map(() => w.send(event)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(["applied", "duplicate", "duplicate", "duplicate"]);
    expect((await w.send(event)).body.outcome).toBe("duplicate");
    // a different event about the same subscription must not credit it again either
    await w.send(subscriptionEvent("customer.subscription.updated", sub)).expect(200);
    // nor two different events about one subscription racing each other
    await Promise.all([
      w.send(completed(otherSession, otherSub)),
      w.send(subscriptionEvent("customer.subscription.updated", otherSub)),
      w.send(invoiceEvent("invoice.paid", otherSub)),
    ]);
    expect((await userRow(w.t.db, other.user.id)).additionalStorageGb).toBe(50);

    const row = await userRow(w.t.db, user.id);
    expect(row.additionalStorageGb).toBe(12);
    expect(row.storageLimit).toBe(storageLimitBytes("freemium", 12));
    const bundles = await bundlesOf(w.t.db, user.id);
    expect(bundles.filter((x) => x.status === "paid")).toHaveLength(1);
    const [recorded] = await w.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stripeEvents)
      .where(sql`${stripeEvents.id} = ${event.id}`);
    expect(recorded.n).toBe(1);
  });
});
