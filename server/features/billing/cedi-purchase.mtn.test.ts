import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMtnProvider } from "../../lib/momo/mtn-provider";
import { FAKE_MTN_KEYS, startFakeMtn, type FakeMtn } from "../../test/fakes/mtn-momo";
import { startTestApp, type TestApp } from "../../test/harness";
import { accountCredits } from "@shared/schema";
import { bundlesOf, MOMO_PAYER, userRow } from "./billing.test-support";

/**
 * Plans and storage paid through the MTN adapter (against a local fake of MTN's API, PAY-06): MTN is asked for the
 * cedi remainder to the pesewa; the purchase is granted only when MTN's own answer is SUCCESSFUL for exactly that
 * amount and currency, and once however many callbacks arrive.
 */
let t: TestApp;
let mtn: FakeMtn;
beforeAll(async () => {
  mtn = await startFakeMtn();
  t = await startTestApp({
    momo: createMtnProvider({ baseUrl: mtn.baseUrl, targetEnvironment: "sandbox", ...FAKE_MTN_KEYS }),
  });
});
afterAll(async () => {
  await t.close();
  await mtn.close();
});

const callback = (reference: string) => t.request().put(`/api/payments/momo/callback/${reference}`).send({});

describe("plans and storage through MTN MoMo", () => {
  it("asks MTN for the plan's cedi price and grants the plan once MTN says SUCCESSFUL, once", async () => {
    const payer = await t.signUp();
    const res = await payer.agent.post("/api/upgrade-plan").send({ planId: "professional", ...MOMO_PAYER });
    const { reference } = res.body.payment;
    expect(mtn.held(reference)).toMatchObject({ amount: "625.00", currency: "GHS", payer: "233241234567" });
    await callback(reference).expect(200);
    expect((await userRow(t.db, payer.user.id)).plan).toBe("free");
    mtn.answer(reference, "SUCCESSFUL");
    t.clock.advance(11_000);
    await Promise.all([callback(reference), callback(reference), t.tick()]);
    expect((await userRow(t.db, payer.user.id)).plan).toBe("professional");
    expect((await bundlesOf(t.db, payer.user.id)).map((b) => b.status)).toEqual(["paid"]);
  });

  it("an amount or currency MTN reports that is not the remainder's grants nothing and spends no credit", async () => {
    for (const change of [{ amount: "37.49" }, { currency: "EUR" }]) {
      const payer = await t.signUp();
      // GHS 10.00 of credit, as a redeemed card leaves it (the test-mode approve step that giveCredit uses is not here)
      await t.db
        .insert(accountCredits)
        .values({ userId: payer.user.id, amountMinor: 1000, reason: "gift_card_redeemed" });
      const res = await payer.agent.post("/api/purchase-storage").send({ storageGB: 2, ...MOMO_PAYER });
      const { reference } = res.body.payment;
      expect(mtn.held(reference)).toMatchObject({ amount: "65.00", currency: "GHS" });
      mtn.answer(reference, "SUCCESSFUL", change);
      await callback(reference).expect(200);
      const seen = await payer.agent.get(`/api/payments/momo/${reference}`).expect(200);
      expect(seen.body).toMatchObject({
        status: "failed",
        failureReason: "The amount or currency paid does not match the purchase",
      });
      expect((await userRow(t.db, payer.user.id)).additionalStorageGb).toBe(0);
      expect((await bundlesOf(t.db, payer.user.id)).map((b) => b.status)).toEqual(["expired"]);
      expect((await payer.agent.get("/api/account-credit").expect(200)).body.balance.amount).toBe("10.00");
    }
  });
});
