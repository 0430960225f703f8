import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, momoPayments } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { MOMO_PAYMENT_TIMEOUT_MS } from "./momo.service";
import { payerWithPayment, probePurpose } from "./momo.test-support";

/**
 * MOMO_PROVIDER=test: the approve/decline step stands for the payer's phone (contract). What it records is read back
 * through the same status query and the same conditional moves as a real provider's answer.
 */
let t: TestApp;
let probe: ReturnType<typeof probePurpose>;
beforeAll(async () => {
  t = await startTestApp();
  probe = probePurpose(t);
});
afterAll(async () => {
  await t.close();
});

const rowOf = async (reference: string) =>
  (await t.db.select().from(momoPayments).where(eq(momoPayments.reference, reference)))[0];

describe("mobile money in test mode", () => {
  it("shows the payer a pending payment with only the last four digits of their number", async () => {
    const { agent, payment } = await payerWithPayment(t);
    const res = await agent.get(`/api/payments/momo/${payment.reference}`).expect(200);
    expect(res.body).toMatchObject({
      reference: payment.reference,
      status: "pending",
      network: "MTN",
      phone: "+233 ••• ••4567",
      amount: "52.50",
      currency: "GHS",
      testMode: true,
      completedAt: null,
    });
    expect(JSON.stringify(res.body)).not.toContain("241234567");
    expect(JSON.stringify(await rowOf(payment.reference))).not.toContain("241234567");
  });

  it("approving completes the payment once and runs its purpose once, in the same transaction; a second answer is 409", async () => {
    const { agent, payment, user } = await payerWithPayment(t);
    const before = probe.paid.length;
    const res = await agent.post(`/api/payments/momo/test/${payment.reference}/approve`).expect(200);
    expect(res.body).toMatchObject({ status: "successful", failureReason: null });
    expect(res.body.completedAt).toBe(t.clock.now().toISOString());
    expect(probe.paid.slice(before).map((p) => p.reference)).toEqual([payment.reference]);

    const again = await agent.post(`/api/payments/momo/test/${payment.reference}/decline`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This payment has already been answered.");
    expect((await rowOf(payment.reference)).status).toBe("successful");
    expect(probe.paid.filter((p) => p.reference === payment.reference)).toHaveLength(1);
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `momo:${payment.reference}`));
    expect(audited.map((a) => [a.action, a.subjectUserId])).toEqual([["momo_payment_successful", user.id]]);
  });

  it("declining fails the payment with the payer's refusal and tells its purpose", async () => {
    const { agent, payment } = await payerWithPayment(t);
    const res = await agent.post(`/api/payments/momo/test/${payment.reference}/decline`).expect(200);
    expect(res.body).toMatchObject({ status: "failed", failureReason: "Declined by the payer" });
    expect(probe.failed.map((p) => p.reference)).toContain(payment.reference);
    expect(probe.paid.map((p) => p.reference)).not.toContain(payment.reference);
  });

  it("answers 404 for another user's payment, an unknown reference and a malformed one, and changes nothing (IDOR)", async () => {
    const { payment } = await payerWithPayment(t);
    const other = (await t.signUp()).agent;
    for (const path of [
      `/api/payments/momo/test/${payment.reference}/approve`,
      "/api/payments/momo/test/00000000-0000-4000-8000-000000000000/approve",
      "/api/payments/momo/test/not-a-reference/approve",
    ]) {
      expect((await other.post(path)).status, path).toBe(404);
    }
    expect((await other.get(`/api/payments/momo/${payment.reference}`)).status).toBe(404);
    expect((await t.request().get(`/api/payments/momo/${payment.reference}`)).status).toBe(401);
    expect(await rowOf(payment.reference)).toMatchObject({ status: "pending", testAnswer: null });
  });

  it("a forged callback claiming success credits nothing: only the status query counts (PAY-06)", async () => {
    const { payment } = await payerWithPayment(t);
    for (const method of ["post", "put"] as const) {
      const url = `/api/payments/momo/callback/${payment.reference}`;
      const res = await (method === "post" ? t.request().post(url) : t.request().put(url)).send({
        externalId: payment.reference,
        status: "SUCCESSFUL",
        amount: "52.50",
        currency: "GHS",
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
      t.clock.advance(11_000);
    }
    expect((await rowOf(payment.reference)).status).toBe("pending");
    expect(probe.paid.map((p) => p.reference)).not.toContain(payment.reference);
    // an unknown reference answers the same, so a callback tells nobody which references exist
    const unknown = await t.request().post("/api/payments/momo/callback/00000000-0000-4000-8000-000000000000").send({});
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ received: true });
  });

  it("a payer who never answers: the reconciliation job expires the payment at its timeout, not before", async () => {
    const { agent, payment } = await payerWithPayment(t);
    t.clock.advance(MOMO_PAYMENT_TIMEOUT_MS - 60_000);
    await t.tick();
    expect((await rowOf(payment.reference)).status).toBe("pending");
    t.clock.advance(60_000);
    await t.tick();
    expect(await rowOf(payment.reference)).toMatchObject({ status: "expired", failureReason: "No answer in time" });
    expect(probe.failed.map((p) => p.reference)).toContain(payment.reference);
    // too late to answer on the test screen
    expect((await agent.post(`/api/payments/momo/test/${payment.reference}/approve`)).status).toBe(409);
  });
});
