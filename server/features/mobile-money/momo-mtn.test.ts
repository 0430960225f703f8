import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { momoPayments } from "@shared/schema";
import { createMtnProvider } from "../../lib/momo/mtn-provider";
import { FAKE_MTN_KEYS, startFakeMtn, type FakeMtn } from "../../test/fakes/mtn-momo";
import { startTestApp, type TestApp } from "../../test/harness";
import { momoContext } from "./momo-context";
import { checkMomoPayment, MOMO_PAYMENT_TIMEOUT_MS } from "./momo.service";
import { payerWithPayment, probePurpose } from "./momo.test-support";

/**
 * The MTN MoMo adapter against a local fake of MTN's collection API (PAY-06): a callback is a hint to ask MTN; a
 * payment is credited only when MTN's own answer is SUCCESSFUL for our amount and currency, and only once.
 */
let t: TestApp;
let mtn: FakeMtn;
let probe: ReturnType<typeof probePurpose>;
beforeAll(async () => {
  mtn = await startFakeMtn();
  t = await startTestApp({
    momo: createMtnProvider({ baseUrl: mtn.baseUrl, targetEnvironment: "sandbox", ...FAKE_MTN_KEYS }),
  });
  probe = probePurpose(t);
});
afterAll(async () => {
  await t.close();
  await mtn.close();
});

const rowOf = async (reference: string) =>
  (await t.db.select().from(momoPayments).where(eq(momoPayments.reference, reference)))[0];
const callback = (reference: string, body: object = {}) =>
  t.request().put(`/api/payments/momo/callback/${reference}`).send(body);

describe("MTN MoMo collection", () => {
  it("sends MTN our reference, the amount in cedis with two decimals and the payer's MSISDN", async () => {
    const { payment } = await payerWithPayment(t, 5005);
    expect(mtn.held(payment.reference)).toEqual({
      amount: "50.05",
      currency: "GHS",
      payer: "233241234567",
      status: "PENDING",
    });
  });

  it("credits a payment once MTN says SUCCESSFUL, however many callbacks and job runs race for it", async () => {
    const { payment } = await payerWithPayment(t);
    const before = probe.paid.length;
    // a callback before the payer answered: MTN still says PENDING, nothing moves
    await callback(payment.reference, { status: "SUCCESSFUL" }).expect(200);
    expect((await rowOf(payment.reference)).status).toBe("pending");

    mtn.answer(payment.reference, "SUCCESSFUL");
    t.clock.advance(11_000);
    const ctx = momoContext(t.deps);
    await Promise.all([
      callback(payment.reference),
      callback(payment.reference),
      checkMomoPayment(ctx, payment.reference, { force: true }),
      t.tick(),
    ]);
    expect(await rowOf(payment.reference)).toMatchObject({ status: "successful", externalReference: "1234567890" });
    expect(probe.paid.slice(before).map((p) => p.reference)).toEqual([payment.reference]);
  });

  it("refuses an amount or a currency that is not the purchase's, and credits nothing", async () => {
    for (const change of [{ amount: "5.25" }, { currency: "EUR" }]) {
      const { payment } = await payerWithPayment(t);
      mtn.answer(payment.reference, "SUCCESSFUL", change);
      await callback(payment.reference).expect(200);
      expect(await rowOf(payment.reference)).toMatchObject({
        status: "failed",
        failureReason: "The amount or currency paid does not match the purchase",
      });
      expect(probe.paid.map((p) => p.reference)).not.toContain(payment.reference);
    }
  });

  it("a payer's refusal on their phone fails the payment with MTN's reason", async () => {
    const { payment } = await payerWithPayment(t);
    mtn.answer(payment.reference, "FAILED");
    await callback(payment.reference).expect(200);
    expect(await rowOf(payment.reference)).toMatchObject({ status: "failed", failureReason: "APPROVAL_REJECTED" });
    expect(probe.failed.map((p) => p.reference)).toContain(payment.reference);
  });

  it("while MTN is down nothing is decided before the timeout; a late approval after expiry still completes it", async () => {
    const { payment } = await payerWithPayment(t);
    mtn.state.down = true;
    try {
      t.clock.advance(MOMO_PAYMENT_TIMEOUT_MS - 1000);
      await t.tick();
      expect((await rowOf(payment.reference)).status).toBe("pending");
      t.clock.advance(2000);
      await t.tick();
      expect((await rowOf(payment.reference)).status).toBe("expired");
    } finally {
      mtn.state.down = false;
    }

    mtn.answer(payment.reference, "SUCCESSFUL");
    await callback(payment.reference).expect(200);
    expect((await rowOf(payment.reference)).status).toBe("successful");
    expect(probe.paid.filter((p) => p.reference === payment.reference)).toHaveLength(1);
    // the same callback again changes nothing more
    await callback(payment.reference).expect(200);
    expect(probe.paid.filter((p) => p.reference === payment.reference)).toHaveLength(1);
  });

  it("a request MTN refuses fails the payment at once; one MTN cannot answer stays pending for the job", async () => {
    mtn.state.refuse = true;
    const refused = await payerWithPayment(t).finally(() => (mtn.state.refuse = false));
    expect(await rowOf(refused.payment.reference)).toMatchObject({
      status: "failed",
      failureReason: "The mobile-money provider refused the request",
    });

    mtn.state.down = true;
    const unsure = await payerWithPayment(t).finally(() => (mtn.state.down = false));
    expect((await rowOf(unsure.payment.reference)).status).toBe("pending");
  });
});
