import { sql } from "drizzle-orm";
import { accountCredits } from "@shared/schema";
import type { Tx } from "../../db";

/** Ledger reasons written by billing (gift-card redemptions write `gift_card_redeemed`). */
export const CREDIT_SPENT = "purchase";
export const CREDIT_UNAPPLIED = "unapplied_payment";

/** The user's balance in pesewas, read inside a transaction that holds the user's row lock. */
export async function lockedCreditBalance(tx: Tx, userId: number): Promise<number> {
  const result = await tx.execute<{ total: string }>(
    sql`select coalesce(sum(amount_minor), 0)::text as total from ${accountCredits} where user_id = ${userId}`,
  );
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Spends `amountMinor` of the user's credit on a purchase: ONE conditional insert of the negative ledger row, made
 * only while the balance covers it. Callers hold the user's row lock (`lockUser`), so every spend of one user queues
 * there and the balance can never go below zero; the unique (bundle, reason) makes a replay spend nothing twice.
 * Answers false when the balance does not cover it (or this purchase already spent).
 */
export async function spendCredit(
  tx: Tx,
  p: { userId: number; amountMinor: number; bundleId: number; now: Date },
): Promise<boolean> {
  if (p.amountMinor <= 0) return true;
  const result = await tx.execute(sql`
    insert into ${accountCredits} (user_id, amount_minor, currency, reason, bundle_id, created_at)
    select ${p.userId}::int, ${-p.amountMinor}::int, 'GHS', ${CREDIT_SPENT}::varchar, ${p.bundleId}::int,
           ${p.now.toISOString()}::timestamptz
     where (select coalesce(sum(amount_minor), 0) from ${accountCredits} where user_id = ${p.userId}::int)
           >= ${p.amountMinor}::int
    on conflict do nothing
    returning id`);
  return result.rows.length === 1;
}

/** A mobile-money amount that paid for a purchase which could no longer be applied becomes credit, once. */
export async function creditUnappliedPayment(
  tx: Tx,
  p: { userId: number; amountMinor: number; bundleId: number; now: Date },
): Promise<void> {
  if (p.amountMinor <= 0) return;
  await tx
    .insert(accountCredits)
    .values({
      userId: p.userId,
      amountMinor: p.amountMinor,
      currency: "GHS",
      reason: CREDIT_UNAPPLIED,
      bundleId: p.bundleId,
      createdAt: p.now,
    })
    .onConflictDoNothing();
}
