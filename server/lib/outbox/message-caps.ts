import { sql } from "drizzle-orm";
import type { Tx } from "../../db";
import { AppError, notFound } from "../app-error";
import type { Clock } from "../clock";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Limits on what one user's actions can make us send to other people (ABUSE-03). Mail the product owes someone
 * (releases, warnings, reset links) is never counted or capped.
 */
export const MESSAGE_CAPS = {
  /** Messages to other people one user can cause in 24 hours (beneficiary links, resends; invitations later). */
  perSenderPerDay: 20,
  /** Messages to other people one address can receive in an hour, whoever causes them. */
  perRecipientPerHour: 3,
  /** Verification e-mails to one's own address in an hour (the one at registration included). */
  ownVerificationPerHour: 3,
} as const;

export const SENDER_CAP_MESSAGE = `You can send at most ${MESSAGE_CAPS.perSenderPerDay} e-mails to other people in a day. Please try again later.`;
export const RECIPIENT_CAP_MESSAGE =
  "Too many e-mails have gone to this address in the last hour. Please try again later.";
export const OWN_VERIFICATION_CAP_MESSAGE =
  "We have sent you several confirmation e-mails in the last hour. Please check your inbox (and spam folder), or try again later.";

function capReached(message: string, oldest: Date, windowMs: number, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
  return new AppError(429, message, undefined, { "Retry-After": String(seconds) });
}

type CapCounts = {
  by_sender: number;
  sender_oldest: Date | string | null;
  to_recipient: number;
  recipient_oldest: Date | string | null;
};

/**
 * Checks, inside the caller's transaction and before it enqueues, that `senderUserId` may cause one more message to
 * `recipient`: 429 with Retry-After and a clear message otherwise (the caller's transaction then rolls back, so
 * nothing is written or enqueued). Counts the outbox rows themselves, so every process agrees and held or dropped
 * messages count too. The sender's row lock and an advisory lock on the recipient serialise concurrent checks, so
 * parallel requests cannot pass a cap together. Answers whether the sender's own e-mail is verified: until it is,
 * the message is enqueued `held` (and the row lock means a verification committing meanwhile cannot miss it).
 */
export async function assertCanMessageOthers(
  tx: Tx,
  deps: { clock: Clock },
  p: { senderUserId: number; recipient: string },
): Promise<{ senderVerified: boolean }> {
  const now = deps.clock.now();
  const recipient = p.recipient.trim().toLowerCase();
  const sender = await tx.execute<{ email_verified: boolean }>(
    sql`select email_verified from users where id = ${p.senderUserId} for update`,
  );
  if (sender.rows.length === 0) throw notFound();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`outbox:recipient:${recipient}`}, 0))`);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const counted = await tx.execute<CapCounts>(sql`
    select count(*) filter (where sender_user_id = ${p.senderUserId} and created_at > ${dayAgo})::int as by_sender,
           min(created_at) filter (where sender_user_id = ${p.senderUserId} and created_at > ${dayAgo}) as sender_oldest,
           count(*) filter (where recipient = ${recipient} and created_at > ${hourAgo})::int as to_recipient,
           min(created_at) filter (where recipient = ${recipient} and created_at > ${hourAgo}) as recipient_oldest
      from outbox_messages
     where to_others
       and ((sender_user_id = ${p.senderUserId} and created_at > ${dayAgo})
         or (recipient = ${recipient} and created_at > ${hourAgo}))`);
  const c = counted.rows[0];
  if (c && c.by_sender >= MESSAGE_CAPS.perSenderPerDay && c.sender_oldest) {
    throw capReached(SENDER_CAP_MESSAGE, new Date(c.sender_oldest), DAY_MS, now);
  }
  if (c && c.to_recipient >= MESSAGE_CAPS.perRecipientPerHour && c.recipient_oldest) {
    throw capReached(RECIPIENT_CAP_MESSAGE, new Date(c.recipient_oldest), HOUR_MS, now);
  }
  return { senderVerified: sender.rows[0].email_verified };
}

/**
 * Limits the verification e-mails a user can have sent to their own address (someone who registered another
 * person's address must not be able to flood it). Locks the user's row, so parallel resends count one by one.
 */
export async function assertCanResendOwnVerification(tx: Tx, deps: { clock: Clock }, userId: number): Promise<void> {
  const now = deps.clock.now();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  const counted = await tx.execute<{ n: number; oldest: Date | string | null }>(sql`
    select count(*)::int as n, min(created_at) as oldest
      from outbox_messages
     where sender_user_id = ${userId} and kind = 'verify_email' and created_at > ${hourAgo}`);
  const c = counted.rows[0];
  if (c && c.n >= MESSAGE_CAPS.ownVerificationPerHour && c.oldest) {
    throw capReached(OWN_VERIFICATION_CAP_MESSAGE, new Date(c.oldest), HOUR_MS, now);
  }
}
