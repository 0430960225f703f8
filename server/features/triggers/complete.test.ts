import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetReleases, assetReleaseTriggers } from "@shared/schema";
import { runInTransaction } from "../../db";
import { startTestApp, type TestApp } from "../../test/harness";
import { completeTriggeredTriggers, fireDeathCertificateTriggers } from "./complete";
import { DAY_MS, releaseLinks, triggerOwner } from "./triggers.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const statusOf = async (id: number) =>
  (await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, id)))[0].status;

describe("completion hooks for verification (issue 16)", () => {
  it("completes a triggered trigger once, however often a confirmation arrives", async () => {
    const o = await triggerOwner(t);
    const res = await o.agent.post("/api/triggers").send({
      beneficiaryId: o.beneficiaryId,
      triggerType: "specific_date",
      triggerDate: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
      verificationMethod: "trusted_party",
    });
    t.clock.advance(DAY_MS);
    await t.tick();
    expect(await statusOf(res.body.id)).toBe("triggered");
    const complete = () =>
      runInTransaction(t.db, (tx) =>
        completeTriggeredTriggers(tx, t.deps, { userId: o.user.id, ids: [res.body.id], now: t.clock.now() }),
      );
    expect(await complete()).toEqual([res.body.id]);
    expect(await complete()).toEqual([]);
    const other = await triggerOwner(t);
    expect(
      await runInTransaction(t.db, (tx) =>
        completeTriggeredTriggers(tx, t.deps, { userId: other.user.id, ids: [res.body.id], now: t.clock.now() }),
      ),
    ).toEqual([]);
    await t.deliverOutbox();
    expect(await statusOf(res.body.id)).toBe("completed");
    expect(await t.db.select().from(assetReleases).where(eq(assetReleases.userId, o.user.id))).toHaveLength(1);
    expect(releaseLinks(t, o.beneficiaryEmail)).toHaveLength(1);
  });

  it("fires the owner's death_certificate triggers once when their verification completes", async () => {
    const o = await triggerOwner(t);
    const res = await o.agent
      .post("/api/triggers")
      .send({ beneficiaryId: o.beneficiaryId, triggerType: "death_certificate", verificationMethod: "automatic" });
    await t.tick();
    expect(await statusOf(res.body.id)).toBe("pending");
    const fire = () =>
      runInTransaction(t.db, (tx) =>
        fireDeathCertificateTriggers(tx, t.deps, { userId: o.user.id, now: t.clock.now() }),
      );
    expect(await fire()).toEqual([res.body.id]);
    expect(await fire()).toEqual([]);
    expect(await statusOf(res.body.id)).toBe("completed");
    await t.deliverOutbox();
    expect(releaseLinks(t, o.beneficiaryEmail)).toHaveLength(1);
  });
});
