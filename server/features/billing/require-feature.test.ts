import type { Request, Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "@shared/schema";
import { AppError } from "../../lib/app-error";
import { createFakeClock } from "../../lib/clock";
import { startTestApp, type TestApp } from "../../test/harness";
import { BILLING_PERIOD_MS } from "./billing.pricing";
import { userRow } from "./billing.test-support";
import { settlePlanExpiryOnRequest } from "./plan-expiry";
import { requireFeature } from "./require-feature";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Runs the middleware the way Express would and answers what it passed to next(). */
function gate(middleware: ReturnType<typeof requireFeature>, user: User | undefined): unknown {
  let passed: unknown = "not called";
  const req = { user } as Request;
  void middleware(req, {} as Response, (err?: unknown) => {
    passed = err;
  });
  return passed;
}

describe("requireFeature", () => {
  it("answers 403 naming the feature for a freemium user", async () => {
    const { user } = await t.signUp();
    const err = gate(requireFeature("time_triggers", t.clock), await userRow(t.db, user.id));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 403, message: "Upgrade your plan to use time-based triggers" });
  });

  it("lets the user through once their plan includes the feature", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
    const row = await userRow(t.db, user.id);
    expect(gate(requireFeature("time_triggers", t.clock), row)).toBeUndefined();
    expect(gate(requireFeature("death_verification", t.clock), row)).toMatchObject({ status: 403 });

    await agent.post("/api/upgrade-plan").send({ planId: "advanced_premium" }).expect(200);
    expect(gate(requireFeature("death_verification", t.clock), await userRow(t.db, user.id))).toBeUndefined();
  });

  it("stops counting a cancelled plan once its period is over", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/upgrade-plan").send({ planId: "professional" }).expect(200);
    await agent.post("/api/subscription/cancel").expect(200);
    const row = await userRow(t.db, user.id);
    const clock = createFakeClock(t.clock.now());
    expect(gate(requireFeature("agent_dashboard", clock), row)).toBeUndefined();
    clock.advance(BILLING_PERIOD_MS + 1);
    expect(gate(requireFeature("agent_dashboard", clock), row)).toMatchObject({ status: 403 });
  });

  it("answers 401 without a user", () => {
    expect(gate(requireFeature("gift_cards"), undefined)).toMatchObject({ status: 401 });
  });
});

describe("settlePlanExpiryOnRequest", () => {
  it("reverts an ended, cancelled plan before the route reads req.user", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
    await agent.post("/api/subscription/cancel").expect(200);
    const clock = createFakeClock(t.clock.now());
    const settle = settlePlanExpiryOnRequest({ config: t.deps.config, database: t.deps.database, clock });
    const run = async () => {
      const req = { user: await userRow(t.db, user.id) } as Request;
      await new Promise<void>((resolve, reject) => {
        void settle(req, {} as Response, (err?: unknown) => (err ? reject(err) : resolve()));
      });
      return req.user;
    };
    expect((await run())?.plan).toBe("basic_premium");
    clock.advance(BILLING_PERIOD_MS + 1);
    expect(await run()).toMatchObject({ plan: "freemium", cancelAtPeriodEnd: false, storageLimit: 10 * 1024 * 1024 });
    expect((await userRow(t.db, user.id)).plan).toBe("freemium");
  });
});
