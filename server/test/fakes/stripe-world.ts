import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Test } from "supertest";
import type TestAgent from "supertest/lib/agent";
import { expect } from "vitest";
import { stripeEvents } from "@shared/schema";
import { bindStripeClient } from "../../lib/payments";
import { signedEvent, startFakeStripeApi, type FakeStripeApi } from "../../lib/payments/fake-stripe-api";
import { startTestApp } from "../harness";

export const WEBHOOK_SECRET = "whsec_test_heirloom";
export type Sub = NonNullable<ReturnType<FakeStripeApi["subscription"]>>;
type Agent = TestAgent<Test>;
type EventInput = { id: string; type: string; object: Record<string, unknown> };

const evtId = () => `evt_${randomBytes(8).toString("hex")}`;

export const completed = (sessionId: string, sub: Sub): EventInput => ({
  id: evtId(),
  type: "checkout.session.completed",
  object: {
    id: sessionId,
    object: "checkout.session",
    mode: "subscription",
    subscription: sub.id,
    customer: sub.customer,
  },
});

/** The event body may be stale on purpose: the handler must re-read the subscription. */
export const subscriptionEvent = (type: string, sub: Sub, stale: Record<string, unknown> = {}): EventInput => ({
  id: evtId(),
  type,
  object: { ...sub, ...stale },
});

export const invoiceEvent = (type: string, sub: Sub): EventInput => ({
  id: evtId(),
  type,
  object: {
    id: `in_${randomBytes(4).toString("hex")}`,
    object: "invoice",
    customer: sub.customer,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
  },
});

/** An event about one of the fake API's objects (a charge, refund, dispute or invoice) as Stripe sends it. */
export const objectEvent = (type: string, object: { id: string }): EventInput => ({
  id: evtId(),
  type,
  object: { ...object },
});

/**
 * The real app with the Stripe provider pointed at a local fake Stripe API, plus helpers to sign and deliver
 * webhooks. One per test file.
 */
export async function startStripeWorld() {
  const fake = await startFakeStripeApi();
  const stripeConfig = { secretKey: "sk_test_fake", webhookSecret: WEBHOOK_SECRET };
  bindStripeClient(stripeConfig, fake.client());
  const t = await startTestApp({ config: { stripe: stripeConfig } });

  function deliver(payload: string, signature?: string, contentType = "application/json") {
    const req = t.request().post("/api/webhooks/stripe").set("Content-Type", contentType);
    return (signature === undefined ? req : req.set("Stripe-Signature", signature)).send(payload);
  }

  function send(event: EventInput, timestamp?: number) {
    const { payload, signature } = signedEvent(event, { secret: WEBHOOK_SECRET, timestamp });
    return deliver(payload, signature);
  }

  async function startCheckout(agent: Agent, path: string, body: object) {
    const res = await agent.post(path).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) });
    return String(res.body.checkoutUrl).split("/").pop() as string;
  }

  return {
    t,
    fake,
    deliver,
    send,
    startCheckout,
    async eventCount() {
      const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents);
      return row.n;
    },
    /** A user on `planId` through a completed, webhook-confirmed checkout. */
    async subscribed(planId = "basic_premium") {
      const signedUp = await t.signUp();
      const sessionId = await startCheckout(signedUp.agent, "/api/upgrade-plan", { planId });
      const sub = fake.completeCheckout(sessionId);
      await send(completed(sessionId, sub)).expect(200);
      return { ...signedUp, sub, sessionId };
    },
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

export type StripeWorld = Awaited<ReturnType<typeof startStripeWorld>>;
