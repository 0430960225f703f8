import fs from "node:fs";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetReleaseTriggers, outboxMessages, triggerEvents } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { DAY_MS, idleOwner } from "./triggers.test-support";

/**
 * Inactivity warnings by SMS when the owner has a phone (contract: "e-mail, SMS when a phone is known,
 * notification"): the SMS goes through the outbox's SMS channel (here the DATA_DIR/outbox/*.sms.txt sink) with the
 * same single-use check-in link as the e-mail, once per rung; an owner without a phone gets no SMS.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const LINK = /https?:\/\/\S*\/check-in\/[A-Za-z0-9_-]+/;

/** The warning messages queued for one trigger, whatever their channel. */
const warningRows = (triggerId: number) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.dedupeKey, `trigger:${triggerId}:warn:%`));

/** The SMS files the sink wrote to `to`. */
function textsTo(to: string): string[] {
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sms.txt"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((body) => body.includes(`To: ${to}\n`));
}

const warningEvents = async (triggerId: number) =>
  (await t.db.select().from(triggerEvents).where(eq(triggerEvents.triggerId, triggerId))).filter(
    (e) => e.kind === "warning",
  );

describe("inactivity warnings by SMS", () => {
  it("texts each rung to an owner with a phone, once, with the same check-in link as the e-mail", async () => {
    const o = await idleOwner(t, "024 555 0101");
    const phone = "+233245550101";
    t.clock.set(new Date(o.start + 15 * DAY_MS));
    await t.tick();
    await t.tick();

    const rows = await warningRows(o.triggerId);
    expect(rows.map((r) => [r.channel, r.kind, r.recipient, r.status]).sort()).toEqual([
      ["email", "inactivity_warning", o.user.email, "sent"],
      ["sms", "inactivity_warning", phone, "sent"],
    ]);
    expect(rows.find((r) => r.channel === "sms")!.dedupeKey).toMatch(/^trigger:\d+:warn:\d+:1:sms$/);
    const texts = textsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Channel: sms\n/);
    expect(texts[0]).toContain("Heirloom: your inactivity trigger releases your records on");
    const mailed = (await t.smtp.waitFor(o.user.email, 2)).at(-1)!.text.match(LINK)?.[0];
    expect(texts[0].match(LINK)?.[0]).toBe(mailed);
    expect((await warningEvents(o.triggerId)).map((e) => e.details)).toEqual([
      { rung: 1, channels: ["email", "sms", "notification"] },
    ]);

    // A second process that read the row before the first committed does the work again: nothing is sent twice.
    const row = (await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, o.triggerId)))[0];
    await t.db
      .update(assetReleaseTriggers)
      .set({ warningRung: 0, nextEventAt: new Date(o.start + 15 * DAY_MS), nextEventKind: "warning" })
      .where(eq(assetReleaseTriggers.id, o.triggerId));
    await t.tick();
    expect(await warningRows(o.triggerId)).toHaveLength(2);
    expect(textsTo(phone)).toHaveLength(1);
    expect((await t.db.select().from(assetReleaseTriggers).where(eq(assetReleaseTriggers.id, o.triggerId)))[0]).toEqual(
      row,
    );

    // The next rung is a new text with a new link.
    t.clock.set(new Date(o.start + 22.5 * DAY_MS));
    await t.tick();
    const next = textsTo(phone);
    expect(next).toHaveLength(2);
    expect(new Set(next.map((body) => body.match(LINK)?.[0])).size).toBe(2);
  });

  it("sends an owner without a phone the e-mail and the notification, and no SMS", async () => {
    const o = await idleOwner(t);
    t.clock.set(new Date(o.start + 15 * DAY_MS));
    await t.tick();
    const rows = await warningRows(o.triggerId);
    expect(rows.map((r) => r.channel)).toEqual(["email"]);
    expect((await warningEvents(o.triggerId)).map((e) => e.details)).toEqual([
      { rung: 1, channels: ["email", "notification"] },
    ]);
  });

  it("texts the number the owner has when the warning is sent, and nothing once they removed it", async () => {
    const changed = await idleOwner(t, "+233 20 111 2222");
    await changed.agent.patch("/api/user").send({ phone: "055 333 4444" }).expect(200);
    const removed = await idleOwner(t, "+233 20 555 6666");
    await removed.agent.patch("/api/user").send({ phone: "" }).expect(200);
    t.clock.set(new Date(Math.max(changed.start, removed.start) + 15 * DAY_MS));
    await t.tick();
    expect(textsTo("+233201112222")).toHaveLength(0);
    expect(textsTo("+233553334444")).toHaveLength(1);
    expect(textsTo("+233205556666")).toHaveLength(0);
    expect((await warningRows(removed.triggerId)).map((r) => r.channel)).toEqual(["email"]);
  });
});
