import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { outboxMessages, type OutboxChannel } from "@shared/schema";
import type { Db } from "../../db";
import type { Clock } from "../clock";
import type { Keyring } from "../crypto/keyring";
import type { Mailer } from "../mail/mailer";
import { openContent, type MessageContent } from "./outbox-crypto";
import { createFileSmsSink, type SmsProvider } from "./sms";

/** What the worker needs; AppDeps has all of it (`sms` defaults to the DATA_DIR/outbox/*.txt sink). */
export type OutboxDeliveryDeps = {
  database: { db: Db };
  mailer: Mailer;
  keyring: Keyring;
  clock: Clock;
  logger: Logger;
  sms?: SmsProvider;
  config: { dataDir: string; publicUrl: string };
};

export const DELIVERY_POLICY = {
  /** After this many attempts a message is `failed` (about three hours of retries with the delays below). */
  maxAttempts: 10,
  /** Retry after 30 s, 1 min, 2 min… doubling up to an hour. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60 * 1000,
  /**
   * How long a claim lasts. A worker that died mid-batch gives its rows back when this runs out; it is far longer
   * than a batch can take (SMTP timeouts below × batch size ÷ concurrency), so a live worker never loses a claim.
   */
  leaseMs: 10 * 60 * 1000,
  /** Sends in flight at once within one batch. */
  concurrency: 5,
  defaultBatch: 20,
} as const;

export type DeliveryResult = { claimed: number; sent: number; retrying: number; failed: number };

type Claimed = {
  id: string;
  channel: OutboxChannel;
  kind: string;
  recipient: string;
  payload: string | null;
  payload_kid: string;
  attempts: number;
};

/** The delay before attempt `attempts + 1`: exponential, capped. */
export function retryDelayMs(attempts: number): number {
  const exp = DELIVERY_POLICY.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(exp, DELIVERY_POLICY.maxDelayMs);
}

/** An error as a short line for `last_error` and logs: no addresses, nothing token-like, no line breaks. */
export function describeDeliveryError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message
    .replace(/[^\s<>@"']+@[^\s<>@"']+/g, "[address]")
    .replace(/[A-Za-z0-9_-]{32,}/g, "[redacted]")
    .replace(/\p{Cc}+/gu, " ")
    .slice(0, 500);
}

/**
 * Claims up to `limit` due messages in ONE statement: pending ones whose time has come, and `sending` ones whose
 * claim ran out (their worker died). SKIP LOCKED lets any number of workers, in any number of processes, claim
 * side by side without ever claiming the same row; each claim counts as an attempt and leases the row.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const leaseUntil = new Date(now.getTime() + DELIVERY_POLICY.leaseMs);
  const result = await db.execute<Claimed>(sql`
    update outbox_messages
       set status = 'sending', attempts = attempts + 1, next_attempt_at = ${leaseUntil}
     where id in (
       select id from outbox_messages
        where status in ('pending', 'sending') and next_attempt_at <= ${now}
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id, channel, kind, recipient, payload, payload_kid, attempts`);
  return result.rows;
}

/** Sent: the content is forgotten. Conditional on our claim, so a row another worker re-claimed is left to it. */
async function markSent(db: Db, row: Claimed, now: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: "sent", sentAt: now, payload: null, nextAttemptAt: null, lastError: null })
    .where(mine(row));
}

/** Not sent: due again after the back-off, or `failed` after the last attempt (kept, encrypted, for an operator). */
async function markFailedAttempt(db: Db, row: Claimed, now: Date, error: string, final: boolean): Promise<void> {
  await db
    .update(outboxMessages)
    .set(
      final
        ? { status: "failed", nextAttemptAt: null, lastError: error }
        : { status: "pending", nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)), lastError: error },
    )
    .where(mine(row));
}

const mine = (row: Claimed) =>
  and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, "sending"), eq(outboxMessages.attempts, row.attempts));

async function send(deps: OutboxDeliveryDeps, sms: SmsProvider, row: Claimed, content: MessageContent) {
  // The same Message-ID on every attempt: if a crash after the send repeats it, receivers see one message.
  const messageId = `<${row.id}@${new URL(deps.config.publicUrl).hostname || "heirloom.local"}>`;
  if (row.channel === "email") {
    await deps.mailer.send({
      to: row.recipient,
      subject: content.subject ?? "",
      text: content.text,
      html: content.html,
      messageId,
    });
  } else {
    await sms.send({ channel: row.channel, to: row.recipient, text: content.text, messageId });
  }
}

/** Runs `fn` over `items` with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

/**
 * Delivers one batch of due messages: one claim statement, then each message is sent and at once marked sent (the
 * window in which a crash would repeat a send is one UPDATE long). A send that throws is retried with exponential
 * back-off by the clock, and after the last attempt the message is `failed` (logged with its id and kind, never its
 * content). Safe to run from any number of processes at once. Issue 14's job runner can call it as it is.
 */
export async function deliverDueMessages(
  deps: OutboxDeliveryDeps,
  opts: { limit?: number } = {},
): Promise<DeliveryResult> {
  const db = deps.database.db;
  const claimed = await claimDue(db, deps.clock.now(), opts.limit ?? DELIVERY_POLICY.defaultBatch);
  const result: DeliveryResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  if (claimed.length === 0) return result;
  const sms =
    deps.sms ?? createFileSmsSink({ outboxDir: path.join(deps.config.dataDir, "outbox"), logger: deps.logger });

  await eachLimited(claimed, DELIVERY_POLICY.concurrency, async (row) => {
    const log = { outboxId: row.id, kind: row.kind, channel: row.channel, attempts: row.attempts };
    let content: MessageContent;
    try {
      if (row.payload === null) throw new Error("message has no content");
      content = openContent(deps.keyring, row.id, { payload: row.payload, kid: row.payload_kid });
    } catch (err) {
      // Nothing a retry can fix (a retired master key, a tampered row): give up at once.
      await markFailedAttempt(db, row, deps.clock.now(), describeDeliveryError(err), true);
      result.failed += 1;
      deps.logger.error({ alert: "outbox_message_failed", ...log }, "queued message cannot be decrypted; giving up");
      return;
    }
    try {
      await send(deps, sms, row, content);
    } catch (err) {
      const final = row.attempts >= DELIVERY_POLICY.maxAttempts;
      const error = describeDeliveryError(err);
      await markFailedAttempt(db, row, deps.clock.now(), error, final);
      if (final) {
        result.failed += 1;
        deps.logger.error({ alert: "outbox_message_failed", ...log, error }, "message not delivered; giving up");
      } else {
        result.retrying += 1;
        deps.logger.warn({ ...log, error }, "message not delivered; will retry");
      }
      return;
    }
    await markSent(db, row, deps.clock.now());
    result.sent += 1;
  });
  return result;
}

/** How long settled messages (sent, dropped, failed) stay: past the caps' 24-hour window, long enough to look into. */
export const SETTLED_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes settled messages older than the retention, a bounded batch at a time (the sent ones hold no content
 * already; failed ones keep their encrypted content until then, so an operator can re-queue them).
 */
export async function pruneSettledMessages(db: Db, now: Date, opts: { limit?: number } = {}): Promise<number> {
  const before = new Date(now.getTime() - SETTLED_RETENTION_MS);
  const result = await db.execute(sql`
    delete from outbox_messages
     where id in (
       select id from outbox_messages
        where status in ('sent', 'dropped', 'failed') and created_at < ${before}
        limit ${opts.limit ?? 1000})`);
  return result.rowCount ?? 0;
}
