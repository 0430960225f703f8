import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { outboxMessages, type OutboxChannel, type OutboxStatus } from "@shared/schema";
import { afterCommit, type DbOrTx } from "../../db";
import { unnest } from "../../db/unnest";
import type { Clock } from "../clock";
import type { Keyring } from "../crypto/keyring";
import type { MailMessage } from "../mail/mailer";
import { sealContent } from "./outbox-crypto";

/** Wakes the delivery task (task.ts, on the scheduler); absent in tests, which deliver explicitly. */
export type OutboxSignal = { kick(): void };

/**
 * What enqueueing needs: the master keyring (to encrypt), the clock (created_at, due time), and the worker to wake
 * once the message's transaction has committed, so mail leaves within a moment rather than at the next tick.
 */
export type OutboxWriteDeps = { keyring: Keyring; clock: Clock; outbox?: OutboxSignal };

export type NewMessage = {
  channel: OutboxChannel;
  /** What the message is, for operators (verify_email, password_reset…); never content. */
  kind: string;
  to: string;
  subject?: string;
  text: string;
  html?: string;
  /** The same key never enqueues twice, so a retried event cannot send its message again. */
  dedupeKey: string;
  /** Whose action caused the message; null or absent for mail the product sends on its own. */
  senderUserId?: number | null;
  /** A message to another person on the sender's behalf (see message-caps.ts). */
  toOthers?: boolean;
  /** Wait (status `held`) until the sender's own e-mail is verified. */
  held?: boolean;
};

/** A message with its content encrypted, ready to insert: callers with a statement of their own (AUTH-06) use it. */
export type SealedMessage = typeof outboxMessages.$inferInsert & { id: string; status: OutboxStatus };

export function sealMessage(deps: OutboxWriteDeps, m: NewMessage): SealedMessage {
  const id = randomUUID();
  const now = deps.clock.now();
  const { payload, kid } = sealContent(deps.keyring, id, { subject: m.subject, text: m.text, html: m.html });
  const held = m.held === true;
  return {
    id,
    channel: m.channel,
    kind: m.kind,
    recipient: m.to.trim().toLowerCase(),
    payload,
    payloadKid: kid,
    dedupeKey: m.dedupeKey,
    senderUserId: m.senderUserId ?? null,
    toOthers: m.toOthers === true,
    status: held ? "held" : "pending",
    attempts: 0,
    nextAttemptAt: held ? null : now,
    createdAt: now,
  };
}

/**
 * Records a message in the caller's transaction, so it commits (or not) with the event that causes it. A worker
 * (deliver.ts) sends it after the commit. Answers `enqueued: false` when the dedupe key was already taken.
 */
export async function enqueueMessage(
  tx: DbOrTx,
  deps: OutboxWriteDeps,
  m: NewMessage,
): Promise<{ id: string; status: OutboxStatus; enqueued: boolean }> {
  const sealed = sealMessage(deps, m);
  const [row] = await tx
    .insert(outboxMessages)
    .values(sealed)
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  if (row && sealed.status === "pending") wakeAfterCommit(deps);
  return { id: sealed.id, status: sealed.status, enqueued: row !== undefined };
}

/**
 * Records many sealed messages in the caller's transaction with ONE `INSERT … SELECT FROM unnest(…)` (one array
 * parameter per column, whatever their number): a batch job's mail. A dedupe key already taken is skipped, as in
 * enqueueMessage; wakes the worker after the commit when one is due. Answers how many were recorded.
 */
export async function enqueueSealedMessages(
  tx: DbOrTx,
  deps: OutboxWriteDeps,
  sealed: SealedMessage[],
): Promise<number> {
  if (sealed.length === 0) return 0;
  const result = await tx.execute(sql`
    insert into outbox_messages (id, channel, kind, recipient, payload, payload_kid, dedupe_key, sender_user_id,
      to_others, status, attempts, next_attempt_at, created_at)
    select * from ${unnest([
      [sealed.map((m) => m.id), "uuid"],
      [sealed.map((m) => m.channel), "varchar"],
      [sealed.map((m) => m.kind), "varchar"],
      [sealed.map((m) => m.recipient), "varchar"],
      [sealed.map((m) => m.payload ?? null), "text"],
      [sealed.map((m) => m.payloadKid), "varchar"],
      [sealed.map((m) => m.dedupeKey), "varchar"],
      [sealed.map((m) => m.senderUserId ?? null), "int"],
      [sealed.map((m) => m.toOthers ?? false), "boolean"],
      [sealed.map((m) => m.status), "varchar"],
      [sealed.map((m) => m.attempts ?? 0), "int"],
      [sealed.map((m) => m.nextAttemptAt ?? null), "timestamptz"],
      [sealed.map((m) => m.createdAt), "timestamptz"],
    ])}
    on conflict (dedupe_key) do nothing
    returning status`);
  const rows = result.rows as { status: OutboxStatus }[];
  if (rows.some((r) => r.status === "pending")) wakeAfterCommit(deps);
  return rows.length;
}

/** Wakes the worker after the surrounding transaction commits (or now, outside one). */
export function wakeAfterCommit(deps: OutboxWriteDeps): void {
  const signal = deps.outbox;
  if (signal) afterCommit(() => signal.kick());
}

/** An e-mail built by a template (lib/mail/templates.ts and the features' mail files). */
export function enqueueEmail(
  tx: DbOrTx,
  deps: OutboxWriteDeps,
  mail: MailMessage,
  opts: Omit<NewMessage, "channel" | "to" | "subject" | "text" | "html">,
) {
  return enqueueMessage(tx, deps, {
    channel: "email",
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...opts,
  });
}

/**
 * The user's own e-mail is now verified: what was held for it becomes due at once. Run in the same transaction as
 * the verification, so a message is never left held behind a verified address.
 */
export async function releaseHeldMessages(tx: DbOrTx, deps: OutboxWriteDeps, senderUserId: number): Promise<number> {
  const rows = await tx
    .update(outboxMessages)
    .set({ status: "pending", nextAttemptAt: deps.clock.now() })
    .where(and(eq(outboxMessages.senderUserId, senderUserId), eq(outboxMessages.status, "held")))
    .returning({ id: outboxMessages.id });
  if (rows.length > 0) wakeAfterCommit(deps);
  return rows.length;
}

/**
 * Drops a sender's not-yet-sent messages whose dedupe key starts with `prefix` (a superseded link: the beneficiary's
 * address changed, a new link replaced the old one, the beneficiary was deleted), and forgets their content. Found
 * through the sender index, then filtered by the prefix.
 */
export async function dropUnsentMessages(
  tx: DbOrTx,
  p: { senderUserId: number; dedupePrefix: string },
): Promise<number> {
  const pattern = `${p.dedupePrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .update(outboxMessages)
    .set({ status: "dropped", payload: null, nextAttemptAt: null })
    .where(
      and(
        eq(outboxMessages.senderUserId, p.senderUserId),
        like(outboxMessages.dedupeKey, pattern),
        inArray(outboxMessages.status, ["held", "pending"]),
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** A dedupe key part from a token hash: enough to tell two links apart, too short to matter if read. */
export const tokenHashPrefix = (tokenHash: string) => tokenHash.slice(0, 16);
