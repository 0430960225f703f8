import { and, desc, eq, gt, sql } from "drizzle-orm";
import { accountCredits, assetBundles, prepaidCards } from "@shared/schema";
import { runInTransaction, type Db, type DbOrTx } from "../../db";
import type { Clock } from "../../lib/clock";
import type { Task } from "../../lib/jobs/scheduler";
import { AppError, notFound } from "../../lib/app-error";
import { hashRedemptionCode } from "./card-codes";

export const REDEEMED_MESSAGE = "This gift card has already been redeemed.";
export const UNKNOWN_CODE_MESSAGE = "That code does not match a gift card that can be redeemed.";

/**
 * Redeems a code for the signed-in user (RACE-05): ONE conditional update moves the card `active` → `redeemed`
 * (`… WHERE status = 'active' AND expiry_date > now`), and its value is added to the user's account credit in the same
 * transaction; of any number of concurrent attempts exactly one moves the card. A redeemed code is 409; an expired
 * or unknown one is the same 404.
 */
export async function redeemGiftCard(db: Db, clock: Clock, p: { userId: number; code: string }) {
  const codeHash = hashRedemptionCode(p.code);
  const now = clock.now();
  const credited = await runInTransaction(db, async (tx) => {
    const [card] = await tx
      .update(prepaidCards)
      .set({ status: "redeemed", redeemedBy: p.userId, redeemedAt: now })
      .where(
        and(eq(prepaidCards.codeHash, codeHash), eq(prepaidCards.status, "active"), gt(prepaidCards.expiryDate, now)),
      )
      .returning();
    if (!card) return null;
    await tx.insert(accountCredits).values({
      userId: p.userId,
      amountMinor: card.denominationMinor,
      currency: card.currency,
      reason: "gift_card_redeemed",
      cardId: card.id,
      createdAt: now,
    });
    return card;
  });
  if (!credited) {
    const [seen] = await db
      .select({ status: prepaidCards.status })
      .from(prepaidCards)
      .where(eq(prepaidCards.codeHash, codeHash));
    if (seen?.status === "redeemed") throw new AppError(409, REDEEMED_MESSAGE);
    throw Object.assign(notFound(), { message: UNKNOWN_CODE_MESSAGE });
  }
  return { credited, balanceMinor: await creditBalance(db, p.userId) };
}

export async function creditBalance(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${accountCredits.amountMinor}), 0)` })
    .from(accountCredits)
    .where(eq(accountCredits.userId, userId));
  return Number(row?.total ?? 0);
}

/** One page of the user's ledger, newest first, each entry with the name of the purchase it paid (if any). */
export function creditLedger(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  return db
    .select({ entry: accountCredits, purchaseName: assetBundles.name })
    .from(accountCredits)
    .leftJoin(assetBundles, and(eq(assetBundles.id, accountCredits.bundleId), eq(assetBundles.userId, userId)))
    .where(eq(accountCredits.userId, userId))
    .orderBy(desc(accountCredits.createdAt), desc(accountCredits.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function creditLedgerCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountCredits)
    .where(eq(accountCredits.userId, userId));
  return row?.n ?? 0;
}

/** Active cards past their expiry move to `expired` (the background job), set-based, in batches. */
export async function expireCards(db: Db, now: Date, batch = 1000): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    with due as (
      select id from prepaid_cards where status = 'active' and expiry_date <= ${now.toISOString()}::timestamptz
      order by expiry_date limit ${batch} for update skip locked
    ), moved as (
      update prepaid_cards c set status = 'expired' from due where c.id = due.id and c.status = 'active' returning 1
    )
    select count(*)::int as n from moved`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The background job moving cards past their expiry to `expired`. */
export function giftCardExpiryTask(deps: { database: { db: Db }; clock: Clock }): Task {
  return {
    name: "gift-card-expiry",
    async run(signal) {
      let handled = 0;
      for (;;) {
        if (signal.aborted) return handled;
        const n = await expireCards(deps.database.db, deps.clock.now());
        handled += n;
        if (n < 1000) return handled;
      }
    },
  };
}
