import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages, type OutboxRow } from "@shared/schema";
import { runInTransaction } from "../../db";
import { startTestApp, type TestApp } from "../../test/harness";
import {
  deliverDueMessages,
  DELIVERY_POLICY,
  pruneSettledMessages,
  retryDelayMs,
  SETTLED_RETENTION_MS,
} from "./deliver";
import { enqueueMessage } from "./enqueue";

/**
 * The message outbox (contract "Background work, messages and time"; REL-05): messages are rows written with their
 * event, delivered by a worker with retries, never lost and never sent twice. Both engines; the concurrent-worker
 * case is in outbox-race.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ captureLogs: true });
});
afterAll(async () => {
  await t.close();
});

const rowsTo = (recipient: string) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(outboxMessages.createdAt);
const rowById = async (id: string): Promise<OutboxRow> =>
  (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0];

let seq = 0;
async function enqueueOne(over: Partial<Parameters<typeof enqueueMessage>[2]> = {}) {
  const to = over.to ?? t.uniqueEmail("outbox");
  const result = await runInTransaction(t.db, (tx) =>
    enqueueMessage(tx, t.deps, {
      channel: "email",
      kind: "test",
      to,
      subject: "Test message",
      text: `Hello, your link: http://heirloom.test/x/${"T".repeat(43)}`,
      dedupeKey: `test:${++seq}:${Date.now()}`,
      ...over,
    }),
  );
  return { ...result, to };
}

describe("registration while the mail server is down (REL-05, SMTP outage)", () => {
  it("answers 201 with the account and its mail committed together, and delivers the mail once when SMTP returns", async () => {
    await t.deliverOutbox();
    await t.smtp.stop();
    try {
      const email = t.uniqueEmail("outage");
      const res = await t
        .request()
        .post("/api/register")
        .send({ email, password: "Kente-Cloth-2026", firstName: "Esi", lastName: "Owusu" });
      expect(res.status).toBe(201);
      const user = await t.db.execute(sql`select id from users where email = ${email}`);
      expect(user.rows).toHaveLength(1);
      const [queued] = await rowsTo(email);
      expect(queued).toMatchObject({ status: "pending", kind: "verify_email", attempts: 0 });

      const first = await t.deliverOutbox();
      expect(first).toMatchObject({ sent: 0, retrying: 1 });
      const waiting = await rowById(queued.id);
      expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
      expect(waiting.nextAttemptAt!.getTime() - t.clock.now().getTime()).toBe(DELIVERY_POLICY.baseDelayMs);
      expect(waiting.lastError).toMatch(/ECONNREFUSED/);
      expect(waiting.payload).not.toBeNull();

      await t.smtp.start();
      expect((await t.deliverOutbox()).claimed).toBe(0); // not due yet: the back-off holds
      t.clock.advance(DELIVERY_POLICY.baseDelayMs);
      expect(await t.deliverOutbox()).toMatchObject({ claimed: 1, sent: 1 });
      t.clock.advance(24 * 60 * 60 * 1000);
      expect((await t.deliverOutbox()).claimed).toBe(0);
      expect(t.smtp.to(email)).toHaveLength(1);
      expect(t.smtp.linkFor(email, "/verify-email/")).toMatch(/^http:\/\/heirloom\.test\/verify-email\//);
      expect(await rowById(queued.id)).toMatchObject({ status: "sent", attempts: 2, payload: null, lastError: null });
    } finally {
      await t.smtp.start();
    }
  });
});

describe("retries", () => {
  it("backs off exponentially by the clock and gives up as failed after the last attempt, logging no content", async () => {
    await t.deliverOutbox();
    const { id, to } = await enqueueOne();
    t.smtp.refuse({ code: 451, text: `Mailbox busy for ${"x"}@example.com, token ${"S".repeat(40)}` });
    try {
      const delays: number[] = [];
      for (let attempt = 1; attempt <= DELIVERY_POLICY.maxAttempts; attempt += 1) {
        expect(await t.deliverOutbox()).toMatchObject({ claimed: 1, sent: 0 });
        const row = await rowById(id);
        expect(row.attempts).toBe(attempt);
        if (attempt < DELIVERY_POLICY.maxAttempts) {
          expect(row.status).toBe("pending");
          const delay = row.nextAttemptAt!.getTime() - t.clock.now().getTime();
          delays.push(delay);
          t.clock.advance(delay - 1);
          expect((await t.deliverOutbox()).claimed).toBe(0); // one millisecond early: not yet
          t.clock.advance(1);
        }
      }
      expect(delays).toEqual(Array.from({ length: DELIVERY_POLICY.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1)));
      expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
      expect(Math.max(...delays)).toBe(DELIVERY_POLICY.maxDelayMs);
      const failed = await rowById(id);
      expect(failed).toMatchObject({ status: "failed", nextAttemptAt: null, sentAt: null });
      expect(failed.lastError).toMatch(/451/);
      expect(failed.lastError).not.toMatch(/example\.com|SSSS/);
      t.clock.advance(7 * 24 * 60 * 60 * 1000);
      expect((await t.deliverOutbox()).claimed).toBe(0);
      expect(t.smtp.to(to)).toHaveLength(0);
      const logs = t.logs();
      expect(logs).toMatch(new RegExp(`"alert":"outbox_message_failed"[^\\n]*"outboxId":"${id}"`));
      expect(logs).not.toContain("T".repeat(43));
      expect(logs).not.toContain(to);
    } finally {
      t.smtp.accept();
    }
  });

  it("takes a message whose worker died mid-send back after its lease, with the same Message-ID on every attempt", async () => {
    await t.deliverOutbox();
    const { id, to } = await enqueueOne();
    // A worker claimed the row and died before marking it sent.
    await t.db.execute(sql`update outbox_messages set status = 'sending', attempts = 1,
      next_attempt_at = ${new Date(t.clock.now().getTime() + DELIVERY_POLICY.leaseMs)} where id = ${id}`);
    expect((await t.deliverOutbox()).claimed).toBe(0); // still leased
    t.clock.advance(DELIVERY_POLICY.leaseMs);
    expect(await t.deliverOutbox()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await rowById(id)).toMatchObject({ status: "sent", attempts: 2 });
    const [mail] = t.smtp.to(to);
    expect(mail.raw).toMatch(new RegExp(`^Message-ID: <${id}@heirloom\\.test>`, "im"));
  });
});

describe("deduplication", () => {
  it("enqueues a dedupe key once, however often the event is retried", async () => {
    const dedupeKey = `retried-event:${Date.now()}`;
    const first = await enqueueOne({ dedupeKey });
    const second = await enqueueOne({ dedupeKey, to: first.to });
    expect(first.enqueued).toBe(true);
    expect(second.enqueued).toBe(false);
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.dedupeKey, dedupeKey));
    expect(rows).toHaveLength(1);
    await t.deliverOutbox();
    expect(t.smtp.to(first.to)).toHaveLength(1);
  });
});

describe("content at rest", () => {
  it("stores the message only as ciphertext bound to its row, and forgets it once sent", async () => {
    await t.deliverOutbox();
    const email = t.uniqueEmail("dump");
    await t
      .request()
      .post("/api/register")
      .send({ email, password: "Kente-Cloth-2026", firstName: "Adwoa", lastName: "Boateng" })
      .expect(201);
    const [queued] = await rowsTo(email);
    const dump = JSON.stringify((await t.db.execute(sql`select o::text as row from outbox_messages o`)).rows);
    expect(queued.payload).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    // Another row's id in the AAD: the same ciphertext copied there does not decrypt, and that row fails at once.
    const copy = await enqueueOne();
    await t.db.execute(sql`update outbox_messages set payload = ${queued.payload} where id = ${copy.id}`);
    await t.deliverOutbox();
    expect(await rowById(copy.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect(t.smtp.to(copy.to)).toHaveLength(0);

    const token = t.smtp.linkFor(email, "/verify-email/")!.split("/").pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain("verify-email/");
    expect(dump).not.toContain("Adwoa");
    expect(await rowById(queued.id)).toMatchObject({ status: "sent", payload: null });
  });
});

describe("SMS and WhatsApp", () => {
  it("go through the provider interface; without one, each is a DATA_DIR/outbox .txt file", async () => {
    await t.deliverOutbox();
    const sms = await enqueueOne({ channel: "sms", to: "+233201234567", subject: undefined, text: "Check in: 123" });
    const wa = await enqueueOne({ channel: "whatsapp", to: "+233207654321", subject: undefined, text: "Hello" });
    expect(await t.deliverOutbox()).toMatchObject({ sent: 2 });
    const dir = path.join(t.dataDir, "outbox");
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".txt"));
    const texts = files.map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    expect(texts.find((x) => x.includes("To: +233201234567"))).toMatch(/Channel: sms[\s\S]*Check in: 123/);
    expect(texts.find((x) => x.includes("To: +233207654321"))).toMatch(/Channel: whatsapp[\s\S]*Hello/);
    expect((await rowById(sms.id)).status).toBe("sent");
    expect((await rowById(wa.id)).status).toBe("sent");
    for (const f of files) expect(fs.statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
  });
});

describe("one batch", () => {
  it("claims up to its limit in one statement and leaves the rest for the next batch", async () => {
    await t.deliverOutbox();
    for (let i = 0; i < 5; i += 1) await enqueueOne();
    const statements: string[] = [];
    const pool = t.pool as unknown as { query: (...a: unknown[]) => unknown };
    const real = pool.query.bind(t.pool);
    pool.query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === "string" ? first : (first.text ?? ""));
      return real(...args);
    };
    try {
      expect(await deliverDueMessages(t.deps, { limit: 3 })).toMatchObject({ claimed: 3, sent: 3 });
    } finally {
      pool.query = real;
    }
    expect(statements.filter((s) => /update outbox_messages\s+set status = 'sending'/i.test(s))).toHaveLength(1);
    // then one conditional "sent" update per message, right after its send
    expect(statements.filter((s) => /^update "outbox_messages" set .*"sent_at"/i.test(s))).toHaveLength(3);
    expect(statements).toHaveLength(4);
    expect(await deliverDueMessages(t.deps, { limit: 3 })).toMatchObject({ claimed: 2, sent: 2 });
  });
});

describe("retention", () => {
  it("deletes settled messages after 30 days and never one still waiting to be sent", async () => {
    await t.deliverOutbox();
    const sent = await enqueueOne();
    await t.deliverOutbox();
    const held = await enqueueOne({ held: true, senderUserId: null });
    t.clock.advance(SETTLED_RETENTION_MS - 1);
    await pruneSettledMessages(t.db, t.clock.now());
    expect(await rowById(sent.id)).toMatchObject({ status: "sent" });
    t.clock.advance(2);
    expect(await pruneSettledMessages(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await rowById(sent.id)).toBeUndefined();
    expect(await rowById(held.id)).toMatchObject({ status: "held" });
  });
});

describe("the worker in the running app", () => {
  let live: TestApp;
  beforeAll(async () => {
    live = await startTestApp({ outboxRunner: true });
  });
  afterAll(async () => {
    await live.close();
  });

  it("is woken by the commit that queued a message, so the mail leaves without waiting for a tick", async () => {
    const { user } = await live.signUp();
    const [mail] = await live.smtp.waitFor(user.email, 1);
    expect(mail.text).toMatch(/verify-email\//);
  });

  it("is woken after a forgot-password answer, for a known and an unknown address alike", async () => {
    const { user } = await live.signUp();
    await live.smtp.waitFor(user.email, 1);
    await live
      .request()
      .post("/api/auth/forgot-password")
      .send({ email: live.uniqueEmail("ghost") })
      .expect(200);
    await live.request().post("/api/auth/forgot-password").send({ email: user.email }).expect(200);
    const [, reset] = await live.smtp.waitFor(user.email, 2);
    expect(reset.text).toMatch(/reset-password\//);
  });
});
