import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, type OutboxRow } from "@shared/schema";
import { runInTransaction } from "../../db";
import { startTestApp, type TestApp } from "../../test/harness";
import { DELIVERY_POLICY, SETTLED_RETENTION_MS } from "./deliver";
import { enqueueMessage, type NewMessage } from "./enqueue";
import { OUTBOX_TASK } from "./task";

/**
 * Message delivery as a scheduler task (contract "Background work, messages and time"): a tick delivers what is due,
 * a failed send waits for its back-off and is retried by the first tick after it, and SMS / WhatsApp messages go to
 * the SMS_PROVIDER (unset: one DATA_DIR/outbox/*.txt file each), exactly once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowById = async (id: string): Promise<OutboxRow> =>
  (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

let seq = 0;
const enqueue = (m: Partial<NewMessage> & Pick<NewMessage, "channel" | "to">) =>
  runInTransaction(t.db, (tx) =>
    enqueueMessage(tx, t.deps, { kind: "test", text: "Hello from Heirloom", dedupeKey: `task:${++seq}`, ...m }),
  );

const outboxDir = () => path.join(t.dataDir, "outbox");
const textFiles = () =>
  fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).filter((f) => f.endsWith(".txt")) : [];
const filesTo = (to: string) =>
  textFiles()
    .map((f) => fs.readFileSync(path.join(outboxDir(), f), "utf8"))
    .filter((body) => body.includes(`To: ${to}\n`));

describe("outbox delivery on the scheduler", () => {
  it("delivers on a tick, and retries a failed send on the first tick after its back-off, once", async () => {
    await t.tick();
    const to = t.uniqueEmail("tick");
    await t.smtp.stop();
    let queued: { id: string };
    try {
      queued = await enqueue({ channel: "email", to, subject: "Hello" });
      expect((await t.tick())[OUTBOX_TASK]).toBe(1);
      expect(await rowById(queued.id)).toMatchObject({ status: "pending", attempts: 1 });
    } finally {
      await t.smtp.start();
    }
    t.clock.advance(DELIVERY_POLICY.baseDelayMs - 1);
    expect((await t.tick())[OUTBOX_TASK]).toBe(0);
    expect(t.smtp.to(to)).toHaveLength(0);
    t.clock.advance(1);
    expect((await t.tick())[OUTBOX_TASK]).toBe(1);
    expect(await rowById(queued.id)).toMatchObject({ status: "sent", attempts: 2 });
    await t.tick();
    expect(await t.smtp.waitFor(to, 1)).toHaveLength(1);
  });

  it("prunes settled messages past their retention on a later tick", async () => {
    const sent = await enqueue({ channel: "email", to: t.uniqueEmail("prune"), subject: "Old" });
    await t.tick();
    expect(await rowById(sent.id)).toMatchObject({ status: "sent" });
    t.clock.advance(SETTLED_RETENTION_MS + 60 * 60 * 1000);
    await t.tick();
    expect(await rowById(sent.id)).toBeUndefined();
  });
});

describe("SMS and WhatsApp without SMS_PROVIDER", () => {
  it("writes each message to one DATA_DIR/outbox/*.txt file, exactly once, however many ticks follow", async () => {
    const to = "+233201234567";
    const sms = await enqueue({ channel: "sms", to, text: "Heirloom: please check in http://heirloom.test/c/x" });
    await enqueue({ channel: "whatsapp", to: "+233201234568", text: "Heirloom on WhatsApp" });
    await t.tick();
    await t.tick();
    const bodies = filesTo(to);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatch(/^Channel: sms\nTo: \+233201234567\nMessage-ID: <.+>\n\nHeirloom: please check in/);
    expect(filesTo("+233201234568")[0]).toMatch(/^Channel: whatsapp\n[\s\S]*Heirloom on WhatsApp/);
    expect(await rowById(sms.id)).toMatchObject({ status: "sent", attempts: 1, payload: null });
  });

  it("retries a message the sink could not write, and writes it once when it can", async () => {
    const to = "+233209999999";
    fs.rmSync(outboxDir(), { recursive: true, force: true });
    fs.writeFileSync(outboxDir(), "not a directory");
    let queued: { id: string };
    try {
      queued = await enqueue({ channel: "sms", to });
      await t.tick();
      expect(await rowById(queued.id)).toMatchObject({ status: "pending", attempts: 1 });
      expect((await rowById(queued.id)).lastError).toBeTruthy();
    } finally {
      fs.rmSync(outboxDir(), { force: true });
    }
    await t.tick();
    expect(filesTo(to)).toHaveLength(0);
    t.clock.advance(DELIVERY_POLICY.baseDelayMs);
    await t.tick();
    await t.tick();
    expect(filesTo(to)).toHaveLength(1);
    expect(await rowById(queued.id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});
