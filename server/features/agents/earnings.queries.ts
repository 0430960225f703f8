import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { agentEarnings as e, agentPayouts, agentProfiles, users, type AgentPayout } from "@shared/schema";
import type { DbOrTx, Tx } from "../../db";

type Page = { limit: number; offset: number };

/**
 * Runs the statement's `ins` insert (`… returning id, agent_id, commission`) and, in the same statement, counts its row
 * on the agent's profile (the earnings list's total, never a count over every row). Answers the row written, if any.
 */
async function insertCounted(tx: Tx, ctes: SQL): Promise<{ id: number; commission: string } | undefined> {
  const result = await tx.execute<{ id: number; commission: string }>(sql`
    with ${ctes}, counted as (
      update agent_profiles ap set earnings_count = ap.earnings_count + 1 from ins where ap.user_id = ins.agent_id
      returning 1
    )
    select id, commission::text as commission, (select count(*) from counted) as counted from ins`);
  return result.rows[0];
}

/**
 * One earning for a confirmed payment by a linked client, in the payment's own transaction: the client's agent and
 * that agent's rate are read at this moment, and PostgreSQL computes `amount × rate / 100` in numeric (exact). The
 * unique (type, id) makes a replayed confirmation insert nothing (PAY-03). No agent, no row.
 */
export async function insertEarningForPayment(
  tx: Tx,
  p: { clientId: number; transactionType: string; transactionId: string; amount: string; now: Date },
): Promise<{ id: number; commission: string } | undefined> {
  return insertCounted(
    tx,
    sql`ins as (
      insert into agent_earnings
        (agent_id, client_id, transaction_type, transaction_id, amount, commission_rate, commission, status, created_at)
      select u.agent_id, u.id, ${p.transactionType}, ${p.transactionId}, ${p.amount}::numeric(12, 2),
             ap.commission_rate, ${p.amount}::numeric(12, 2) * ap.commission_rate / 100, 'pending',
             ${p.now.toISOString()}::timestamptz
        from users u
        join agent_profiles ap on ap.user_id = u.agent_id
       where u.id = ${p.clientId} and u.agent_id is not null
      on conflict (transaction_type, transaction_id) do nothing
      returning id, agent_id, commission
    )`,
  );
}

/** The original earning of a payment (never a correction row), locked so two corrections of it queue up. */
export async function lockOriginalEarning(tx: Tx, p: { transactionType: string; transactionId: string }) {
  const result = await tx.execute<{ id: number }>(sql`
    select id from agent_earnings
     where transaction_type = ${p.transactionType} and transaction_id = ${p.transactionId} and reversal_of is null
     for update`);
  return result.rows[0]?.id;
}

export type Correction = {
  /** `refund` / `chargeback`: what the row is, with the Stripe id that makes it unique (re_…, du_…). */
  transactionType: "refund" | "chargeback";
  transactionId: string;
  /** The part of the payment it takes back: `numerator / denominator` of the payment, or all that is left. */
  share: { numerator: number; denominator: number } | "rest";
  now: Date;
};

/**
 * Writes the negative row of a refund or chargeback against the original earning (already locked by the caller, in
 * this statement's fresh snapshot): `commission × numerator / denominator` (numeric, rounded to the column's 6
 * places; exact whenever the refund is whole cents of a whole-cent payment at a 2-place rate), never more than is
 * left after earlier corrections. Pending, so the next payout run pays it (a month already paid out is corrected
 * against the next one). The unique (type, id) makes a replay insert nothing. Answers the row, or undefined.
 */
export async function insertCorrection(
  tx: Tx,
  originalId: number,
  c: Correction,
): Promise<{ id: number; commission: string } | undefined> {
  // Multiplied before dividing, so an exact share stays exact (3.703765 × 1000 / 2999 = 1.235).
  const takes =
    c.share === "rest"
      ? { amount: sql`amount_left`, commission: sql`commission_left` }
      : {
          amount: sql`round(amount * ${c.share.numerator}::numeric / ${c.share.denominator}::numeric, 2)`,
          commission: sql`round(commission * ${c.share.numerator}::numeric / ${c.share.denominator}::numeric, 6)`,
        };
  return insertCounted(
    tx,
    sql`original as (
      select o.*,
             o.amount + coalesce((select sum(r.amount) from agent_earnings r where r.reversal_of = o.id), 0) as amount_left,
             o.commission + coalesce((select sum(r.commission) from agent_earnings r where r.reversal_of = o.id), 0)
               as commission_left
        from agent_earnings o
       where o.id = ${originalId}
    ), ins as (
      insert into agent_earnings
        (agent_id, client_id, transaction_type, transaction_id, amount, commission_rate, commission, status,
         reversal_of, created_at)
      select agent_id, client_id, ${c.transactionType}, ${c.transactionId},
             -least(${takes.amount}, amount_left),
             commission_rate,
             -least(${takes.commission}, commission_left),
             'pending', id, ${c.now.toISOString()}::timestamptz
        from original
       where commission_left > 0 or amount_left > 0
      on conflict (transaction_type, transaction_id) do nothing
      returning id, agent_id, commission
    )`,
  );
}

/**
 * A chargeback the agent's client won: a positive row giving back exactly what that chargeback's row took, once
 * (`chargeback_won`, the dispute's id). Nothing when the chargeback took nothing.
 */
export async function insertChargebackWon(
  tx: Tx,
  p: { disputeId: string; now: Date },
): Promise<{ id: number; commission: string } | undefined> {
  return insertCounted(
    tx,
    sql`ins as (
      insert into agent_earnings
        (agent_id, client_id, transaction_type, transaction_id, amount, commission_rate, commission, status,
         reversal_of, created_at)
      select agent_id, client_id, 'chargeback_won', transaction_id, -amount, commission_rate, -commission, 'pending',
             reversal_of, ${p.now.toISOString()}::timestamptz
        from agent_earnings
       where transaction_type = 'chargeback' and transaction_id = ${p.disputeId}
      on conflict (transaction_type, transaction_id) do nothing
      returning id, agent_id, commission
    )`,
  );
}

export async function listEarnings(db: DbOrTx, agentId: number, page: Page) {
  const where = eq(e.agentId, agentId);
  const rows = await db
    .select({
      id: e.id,
      clientId: e.clientId,
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
      transactionType: e.transactionType,
      amount: e.amount,
      commissionRate: e.commissionRate,
      commission: e.commission,
      status: e.status,
      payoutMonth: e.payoutMonth,
      paidAt: e.paidAt,
      createdAt: e.createdAt,
    })
    .from(e)
    .leftJoin(users, eq(users.id, e.clientId))
    .where(where)
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(page.limit)
    .offset(page.offset);
  // The total is the profile's counter, kept by the insert above: no count over 100 000 rows per page.
  const [total] = await db
    .select({ n: agentProfiles.earningsCount })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, agentId));
  return { rows, total: total?.n ?? 0 };
}

export type MonthlyEarnings = { month: string; total: string; count: number; payable: boolean };

/**
 * Earnings by calendar month (UTC), newest first, reversed ones left out of the totals; refund and chargeback rows
 * count in the month's total (negative) but not as payments.
 */
export async function earningsByMonth(db: DbOrTx, agentId: number, months: number): Promise<MonthlyEarnings[]> {
  const result = await db.execute<{ month: string; total: string; count: number; payable: boolean }>(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
           coalesce(sum(commission) filter (where status <> 'reversed'), 0)::text as total,
           (count(*) filter (where status <> 'reversed' and reversal_of is null))::int as count,
           bool_or(status = 'payable') as payable
      from agent_earnings
     where agent_id = ${agentId}
     group by 1
     order by 1 desc
     limit ${months}`);
  return result.rows.map((r) => ({ ...r, count: Number(r.count), payable: Boolean(r.payable) }));
}

/** The earnings one statement lists: the agent's, of one month, as the payout run fixed them. */
export async function earningsOfMonth(db: DbOrTx, agentId: number, month: string) {
  return db
    .select({
      id: e.id,
      transactionType: e.transactionType,
      amount: e.amount,
      commissionRate: e.commissionRate,
      commission: e.commission,
      status: e.status,
      createdAt: e.createdAt,
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
    })
    .from(e)
    .leftJoin(users, eq(users.id, e.clientId))
    .where(sql`${e.agentId} = ${agentId} and ${e.payoutMonth} = ${month}`)
    .orderBy(e.createdAt, e.id);
}

/** The agent's own statement row for a month (scoped by agent: another agent's month is a miss). */
export async function findPayout(db: DbOrTx, agentId: number, month: string): Promise<AgentPayout | undefined> {
  const [row] = await db
    .select()
    .from(agentPayouts)
    .where(and(eq(agentPayouts.agentId, agentId), eq(agentPayouts.month, month)))
    .limit(1);
  return row;
}
