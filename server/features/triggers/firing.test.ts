import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetReleases, assetReleaseTriggers, releaseItems, triggerEvents, users } from "@shared/schema";
import { RELEASE_LINK_DAYS } from "@shared/release-kinds";
import { hashToken } from "../../lib/tokens";
import { startTestApp, type TestApp } from "../../test/harness";
import { triggersTask } from "./triggers-task";
import { DAY_MS, releaseLinks, triggerOwner, type TriggerOwner } from "./triggers.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const releasesOf = (userId: number) => t.db.select().from(assetReleases).where(eq(assetReleases.userId, userId));
const statusOf = async (id: number) =>
  (await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, id)))[0].status;

async function dateTrigger(o: TriggerOwner, inMs: number, extra: Record<string, unknown> = {}) {
  const res = await o.agent
    .post("/api/triggers")
    .send({ beneficiaryId: o.beneficiaryId, triggerType: "specific_date", triggerDate: at(inMs), ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

async function uploadFor(o: TriggerOwner, name: string, assigned?: number): Promise<number> {
  const req = o.agent.post("/api/assets/upload").field("category", "documents");
  if (assigned) req.field("assignedToBeneficiary", String(assigned));
  const res = await req.attach("files", Buffer.from(`%PDF-1.4\n%${name}\n%%EOF\n`), {
    filename: `${name}.pdf`,
    contentType: "application/pdf",
  });
  expect(res.status, res.text).toBe(201);
  return res.body[0].id as number;
}

describe("a specific_date trigger", () => {
  it("fires at its instant and not a second before: one release of what is assigned, one e-mail, once", async () => {
    const o = await triggerOwner(t);
    const assigned = await uploadFor(o, "deed", o.beneficiaryId);
    await uploadFor(o, "unassigned");
    const account = await o.agent
      .post("/api/online-accounts")
      .send({ accountName: "Gmail", accountType: "email", assignedToBeneficiary: o.beneficiaryId });
    const id = await dateTrigger(o, 2 * DAY_MS, { message: "With love" });

    t.clock.advance(2 * DAY_MS - 1000);
    await t.tick();
    await t.deliverOutbox();
    expect(await statusOf(id)).toBe("pending");
    expect(await releasesOf(o.user.id)).toHaveLength(0);
    expect(releaseLinks(t, o.beneficiaryEmail)).toHaveLength(0);

    t.clock.advance(2000);
    expect((await t.tick()).triggers).toBe(1);
    await t.tick();
    await t.deliverOutbox();
    expect(await statusOf(id)).toBe("completed");
    const [release] = await releasesOf(o.user.id);
    expect(release).toMatchObject({ triggerId: id, isTest: false, status: "pending", beneficiaryName: "Kofi Boateng" });
    expect(release.message).not.toContain("With love");
    expect(release.accessExpiresAt.getTime() - release.releasedAt.getTime()).toBe(RELEASE_LINK_DAYS * DAY_MS);
    const links = releaseLinks(t, o.beneficiaryEmail);
    expect(links).toHaveLength(1);
    expect(hashToken(links[0].split("/").pop()!)).toBe(release.tokenHash);
    expect(t.smtp.to(o.beneficiaryEmail).at(-1)!.text).not.toContain("With love");
    const items = await t.db.select().from(releaseItems).where(eq(releaseItems.releaseId, release.id));
    expect(items.map((i) => `${i.kind}:${i.itemId}`).sort()).toEqual(
      [`file:${assigned}`, `online_account:${account.body.id}`].sort(),
    );
    const events = await t.db.select().from(triggerEvents).where(eq(triggerEvents.triggerId, id));
    expect(events.map((e) => e.kind)).toEqual(["created", "fired", "completed"]);
  });

  it("releases the named file alone, or the bundle's items", async () => {
    const o = await triggerOwner(t);
    const file = await uploadFor(o, "will", o.beneficiaryId);
    const other = await uploadFor(o, "photo");
    const bundle = await o.agent
      .post("/api/asset-bundles")
      .send({ name: "Photos", items: [{ kind: "file", id: other }] });
    const byFile = await dateTrigger(o, DAY_MS, { assetId: other });
    const byBundle = await dateTrigger(o, DAY_MS, { assetBundleId: bundle.body.id });
    t.clock.advance(DAY_MS);
    await t.tick();
    const rows = await t.db.execute<{ trigger_id: number; kind: string; item_id: number }>(sql`
      select r.trigger_id, i.kind, i.item_id from release_items i join asset_releases r on r.id = i.release_id
      where r.user_id = ${o.user.id} order by r.trigger_id`);
    expect(rows.rows).toEqual([
      { trigger_id: byFile, kind: "file", item_id: other },
      { trigger_id: byBundle, kind: "file", item_id: other },
    ]);
    expect(file).toBeGreaterThan(0);
  });

  it("waits in triggered for a trusted party when verification is required, releasing nothing", async () => {
    const o = await triggerOwner(t);
    const id = await dateTrigger(o, DAY_MS, { verificationMethod: "trusted_party" });
    t.clock.advance(DAY_MS);
    await t.tick();
    expect(await statusOf(id)).toBe("triggered");
    expect(await releasesOf(o.user.id)).toHaveLength(0);
  });

  it("does not fire while its owner is suspended, and fires once they are active again", async () => {
    const o = await triggerOwner(t);
    const id = await dateTrigger(o, DAY_MS);
    await t.db.update(users).set({ status: "suspended" }).where(eq(users.id, o.user.id));
    t.clock.advance(2 * DAY_MS);
    await t.tick();
    expect(await statusOf(id)).toBe("pending");
    await t.db.update(users).set({ status: "active" }).where(eq(users.id, o.user.id));
    await t.tick();
    expect(await statusOf(id)).toBe("completed");
  });
});

describe("an age_milestone trigger", () => {
  it("fires at 00:00 UTC of the birthday on which the beneficiary reaches the age, not before", async () => {
    const birthday = new Date(t.clock.now().getTime() + 3 * DAY_MS);
    const dob = `${birthday.getUTCFullYear() - 18}-${String(birthday.getUTCMonth() + 1).padStart(2, "0")}-${String(
      birthday.getUTCDate(),
    ).padStart(2, "0")}`;
    const o = await triggerOwner(t, { dateOfBirth: dob });
    const res = await o.agent
      .post("/api/triggers")
      .send({ beneficiaryId: o.beneficiaryId, triggerType: "age_milestone", ageThreshold: 18 });
    const midnight = Date.UTC(birthday.getUTCFullYear(), birthday.getUTCMonth(), birthday.getUTCDate());
    expect(res.body.nextEvent).toEqual({ kind: "fire", at: new Date(midnight).toISOString() });
    t.clock.set(new Date(midnight - 1000));
    await t.tick();
    expect(await statusOf(res.body.id)).toBe("pending");
    t.clock.set(new Date(midnight));
    await t.tick();
    expect(await statusOf(res.body.id)).toBe("completed");
    expect(await releasesOf(o.user.id)).toHaveLength(1);
  });

  it("wakes the task at once when the age is already reached", async () => {
    const o = await triggerOwner(t, { dateOfBirth: "1990-01-01" });
    const kicks: string[] = [];
    t.deps.jobs = { kick: (name) => kicks.push(name) };
    try {
      const res = await o.agent
        .post("/api/triggers")
        .send({ beneficiaryId: o.beneficiaryId, triggerType: "age_milestone", ageThreshold: 18 });
      expect(res.status).toBe(201);
      expect(kicks).toEqual(["triggers"]);
    } finally {
      t.deps.jobs = undefined;
    }
  });
});

describe("reliability", () => {
  it("catches up once after downtime across the due time, even with the start-up sweep and a tick at once (TRIG-05)", async () => {
    const o = await triggerOwner(t);
    const id = await dateTrigger(o, 60_000);
    t.clock.advance(2 * 60 * 60 * 1000);
    const task = triggersTask(t.deps);
    const ac = new AbortController();
    await Promise.all([task.run(ac.signal), task.run(ac.signal), t.tick()]);
    await t.tick();
    await t.deliverOutbox();
    expect(await statusOf(id)).toBe("completed");
    expect(await releasesOf(o.user.id)).toHaveLength(1);
    expect(releaseLinks(t, o.beneficiaryEmail)).toHaveLength(1);
  });

  it("retries a run that failed after its first of three messages, and each person gets exactly one (TRIG-06)", async () => {
    const owners = [await triggerOwner(t), await triggerOwner(t), await triggerOwner(t)];
    const ids = [];
    for (const o of owners) ids.push(await dateTrigger(o, DAY_MS));
    await t.db.execute(sql`create sequence trig06_seq`);
    await t.db.execute(sql`
      create function trig06_fail() returns trigger language plpgsql as $$
      begin
        if new.kind = 'release' and nextval('trig06_seq') = 2 then raise exception 'injected failure'; end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger trig06 before insert on outbox_messages for each row execute function trig06_fail()`,
    );
    try {
      t.clock.advance(DAY_MS);
      expect((await t.tick()).triggers).toBe(0);
      for (const id of ids) expect(await statusOf(id)).toBe("pending");
      await t.tick();
      await t.tick();
    } finally {
      await t.db.execute(sql`drop trigger trig06 on outbox_messages`);
    }
    await t.deliverOutbox();
    for (const [i, o] of owners.entries()) {
      expect(await statusOf(ids[i])).toBe("completed");
      expect(await releasesOf(o.user.id)).toHaveLength(1);
      expect(releaseLinks(t, o.beneficiaryEmail)).toHaveLength(1);
    }
  });

  it("lets a cancel and a firing race: exactly one of them wins (conditional update)", async () => {
    const o = await triggerOwner(t);
    const id = await dateTrigger(o, 60_000);
    t.clock.advance(61_000);
    const [cancel] = await Promise.all([
      o.agent.put(`/api/triggers/${id}/status`).send({ status: "cancelled" }),
      t.tick(),
    ]);
    const releases = await releasesOf(o.user.id);
    if (cancel.status === 200) {
      expect(await statusOf(id)).toBe("cancelled");
      expect(releases).toHaveLength(0);
    } else {
      expect(cancel.status).toBe(409);
      expect(await statusOf(id)).toBe("completed");
      expect(releases).toHaveLength(1);
    }
  });
});
