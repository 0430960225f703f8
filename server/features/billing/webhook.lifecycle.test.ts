import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storageLimitBytes } from "@shared/plans";
import { bundlesOf, userRow } from "./billing.test-support";
import {
  completed,
  invoiceEvent,
  startStripeWorld,
  subscriptionEvent,
  type StripeWorld,
} from "../../test/fakes/stripe-world";

let w: StripeWorld;
beforeAll(async () => {
  w = await startStripeWorld();
});
afterAll(async () => {
  await w?.close();
});

describe("PAY-04: order and amounts", () => {
  it("ends right when subscription.updated arrives before checkout.session.completed", async () => {
    const { agent, user } = await w.t.signUp();
    const sessionId = await w.startCheckout(agent, "/api/upgrade-plan", { planId: "advanced_premium" });
    const sub = w.fake.completeCheckout(sessionId);
    // the event body is stale (incomplete); the handler re-reads the subscription, which is active
    await w.send(subscriptionEvent("customer.subscription.updated", sub, { status: "incomplete" })).expect(200);
    expect((await userRow(w.t.db, user.id)).plan).toBe("advanced_premium");
    await w.send(completed(sessionId, sub)).expect(200);
    const row = await userRow(w.t.db, user.id);
    expect(row).toMatchObject({ plan: "advanced_premium", stripeSubscriptionId: sub.id });
    expect(row.storageLimit).toBe(storageLimitBytes("advanced_premium", 0));
  });

  it("never upgrades when the subscription was deleted before the checkout event arrived", async () => {
    const { agent, user } = await w.t.signUp();
    const sessionId = await w.startCheckout(agent, "/api/upgrade-plan", { planId: "professional" });
    const sub = w.fake.completeCheckout(sessionId, { status: "canceled" });
    await w.send(subscriptionEvent("customer.subscription.deleted", sub)).expect(200);
    await w.send(completed(sessionId, sub)).expect(200);
    expect((await userRow(w.t.db, user.id)).plan).toBe("free");
    expect((await bundlesOf(w.t.db, user.id))[0].status).toBe("canceled");
  });

  it("refuses a price that is not in the catalogue and raises an alert", async () => {
    const { agent, user } = await w.t.signUp();
    const sessionId = await w.startCheckout(agent, "/api/upgrade-plan", { planId: "professional" });
    const sub = w.fake.completeCheckout(sessionId, { unitAmount: 100 });
    const alert = vi.spyOn(w.t.deps.logger, "error");
    await w.send(completed(sessionId, sub)).expect(200);
    expect((await userRow(w.t.db, user.id)).plan).toBe("free");
    expect(alert).toHaveBeenCalledWith(
      expect.objectContaining({ alert: "stripe_subscription_refused", subscriptionId: sub.id }),
      expect.stringContaining("not in the catalogue"),
    );
    alert.mockRestore();
  });

  it("refuses a subscription whose customer is not the user it names", async () => {
    const victim = await w.t.signUp();
    const { agent } = await w.t.signUp();
    const sessionId = await w.startCheckout(agent, "/api/upgrade-plan", { planId: "basic_premium" });
    const sub = w.fake.completeCheckout(sessionId);
    sub.metadata.userId = String(victim.user.id);
    await w.send(completed(sessionId, sub)).expect(200);
    expect((await userRow(w.t.db, victim.user.id)).plan).toBe("free");
  });
});

describe("subscription life cycle", () => {
  it("marks a failed payment past due, e-mails the user and keeps the plan; invoice.paid clears it", async () => {
    const { user, sub } = await w.subscribed();
    sub.status = "past_due";
    const failed = invoiceEvent("invoice.payment_failed", sub);
    await w.send(failed).expect(200);
    expect(await userRow(w.t.db, user.id)).toMatchObject({ plan: "basic_premium", paymentStatus: "past_due" });
    await w.send(failed).expect(200); // Stripe delivers an event again: still one e-mail
    await w.t.deliverOutbox();
    const notices = w.t.smtp.to(user.email).filter((m) => m.raw.includes("Subject: Your Heirloom payment failed"));
    expect(notices).toHaveLength(1);
    const inApp = await w.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = ${user.id} and kind = 'payment_failed'`,
    );
    expect(inApp.rows[0].n).toBe(1);

    sub.status = "active";
    await w.send(invoiceEvent("invoice.paid", sub)).expect(200);
    expect((await userRow(w.t.db, user.id)).paymentStatus).toBe("ok");
  });

  it("cancels at period end through Stripe, then reverts to freemium when the subscription is deleted", async () => {
    const { agent, user, sub } = await w.subscribed("professional");
    const res = await agent.post("/api/subscription/cancel");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: false, user: { plan: "professional" } });
    const update = w.fake.requests.filter((r) => r.path === `/v1/subscriptions/${sub.id}` && r.method === "POST");
    expect(update.map((r) => [r.params.cancel_at_period_end, r.idempotencyKey])).toEqual([
      ["true", `cancel:${sub.id}`],
    ]);
    expect(await userRow(w.t.db, user.id)).toMatchObject({ plan: "professional", cancelAtPeriodEnd: true });

    sub.status = "canceled";
    await w.send(subscriptionEvent("customer.subscription.deleted", sub)).expect(200);
    const row = await userRow(w.t.db, user.id);
    expect(row).toMatchObject({ plan: "freemium", stripeSubscriptionId: sub.id, planRenewsAt: null });
    expect(row.storageLimit).toBe(storageLimitBytes("freemium", 0));
  });

  it("replaces the old plan subscription when a new plan is paid for", async () => {
    const { agent, user, sub: first } = await w.subscribed();
    const sessionId = await w.startCheckout(agent, "/api/upgrade-plan", { planId: "advanced_premium" });
    const second = w.fake.completeCheckout(sessionId);
    await w.send(completed(sessionId, second)).expect(200);
    expect(await userRow(w.t.db, user.id)).toMatchObject({ plan: "advanced_premium", stripeSubscriptionId: second.id });
    const cancel = w.fake.requests.find((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${first.id}`);
    expect(cancel?.idempotencyKey).toBe(`supersede:${first.id}`);
    // the old subscription's own deletion event does not touch the new plan
    await w.send(subscriptionEvent("customer.subscription.deleted", first)).expect(200);
    expect((await userRow(w.t.db, user.id)).plan).toBe("advanced_premium");
  });
});
