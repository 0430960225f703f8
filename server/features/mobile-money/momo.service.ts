import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { and, eq, sql } from "drizzle-orm";
import { auditEvents, momoPayments, type MomoPayment } from "@shared/schema";
import type { MomoNetwork } from "@shared/validators/mobile-money";
import { runInTransaction, type Db, type DbOrTx, type Tx } from "../../db";
import type { Clock } from "../../lib/clock";
import { MomoProviderError, MomoUnavailableError, type MomoProvider, type MomoStatus } from "../../lib/momo";
import { presentMomoPayment } from "./momo.presenter";

/** How long a payer has to answer the prompt before the payment expires (MTN's own prompts lapse sooner). */
export const MOMO_PAYMENT_TIMEOUT_MS = 30 * 60 * 1000;
/** The provider is asked about one payment at most this often, however many callbacks arrive. */
export const MOMO_CHECK_INTERVAL_MS = 10 * 1000;

/**
 * What a paid or failed payment does for the feature that asked for it (gift cards, plans, storage), run in the
 * same transaction as the payment's own move out of `pending`, so a payment is credited once or not at all.
 */
export type MomoPurposeHandler = {
  paid(tx: Tx, payment: MomoPayment): Promise<void>;
  failed(tx: Tx, payment: MomoPayment): Promise<void>;
  /**
   * Whether a successful payment's money went to the payer's account credit instead of what it was for (the purchase
   * could no longer be granted when it settled). Purposes that always deliver leave it out.
   */
  creditedInstead?(db: DbOrTx, payment: MomoPayment): Promise<boolean>;
};

/** The payer's view of a payment: the allow-listed fields, and where a successful payment's money went. */
export async function momoPaymentView(ctx: Pick<MomoCtx, "db" | "purposes">, payment: MomoPayment) {
  const handler = ctx.purposes[payment.purpose];
  const credited =
    payment.status === "successful" && handler?.creditedInstead
      ? await handler.creditedInstead(ctx.db, payment)
      : false;
  return presentMomoPayment(payment, credited);
}

export type MomoCtx = {
  db: Db;
  provider: MomoProvider;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  purposes: Record<string, MomoPurposeHandler>;
};

/** The path MTN calls back (a hint only: the server asks MTN itself). */
export const momoCallbackPath = (reference: string) => `/api/payments/momo/callback/${reference}`;

/**
 * Records a pending payment in the caller's transaction (with the purchase it pays), before anything is asked of
 * the payer: the row exists before the prompt can be answered. `requestMomoPayment` sends the prompt after commit.
 */
export async function createMomoPayment(
  tx: DbOrTx,
  ctx: Pick<MomoCtx, "clock" | "provider">,
  p: {
    userId: number;
    purpose: string;
    subjectId: number | null;
    network: MomoNetwork;
    phone: string;
    amountMinor: number;
  },
): Promise<MomoPayment> {
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(momoPayments)
    .values({
      userId: p.userId,
      reference: randomUUID(),
      purpose: p.purpose,
      subjectId: p.subjectId,
      network: p.network,
      provider: ctx.provider.name,
      phoneLast4: p.phone.slice(-4),
      amountMinor: p.amountMinor,
      currency: "GHS",
      createdAt: now,
      expiresAt: new Date(now.getTime() + MOMO_PAYMENT_TIMEOUT_MS),
    })
    .returning();
  return row;
}

/**
 * Sends the approval prompt for a recorded payment. A provider that refuses the request fails the payment at once
 * (and its purchase with it); one that cannot be reached leaves it pending for the reconciliation job to ask about.
 */
export async function requestMomoPayment(ctx: MomoCtx, payment: MomoPayment, phone: string, message: string) {
  try {
    await ctx.provider.requestToPay({
      reference: payment.reference,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      phone,
      payerMessage: message,
      callbackUrl: `${ctx.publicUrl}${momoCallbackPath(payment.reference)}`,
    });
  } catch (err) {
    if (err instanceof MomoUnavailableError) {
      // MTN keys a request by our reference: the job asks about it, and it expires if it never arrived
      ctx.logger.warn({ reference: payment.reference, err: err.message }, "mobile-money request not confirmed");
      return;
    }
    if (!(err instanceof MomoProviderError)) throw err;
    ctx.logger.warn({ reference: payment.reference, err: err.message }, "mobile-money request refused");
    await settleWith(ctx, payment, { kind: "failed", reason: "The mobile-money provider refused the request" });
  }
}

type Outcome = { kind: "paid"; status: MomoStatus } | { kind: "failed"; reason: string } | { kind: "expired" };

/**
 * Asks the provider what became of a pending payment and acts on its answer alone (PAY-06): paid only when the
 * provider says SUCCESSFUL for exactly our amount (minor units) and currency; a mismatch fails the payment, never
 * credits it; no answer past the timeout expires it. Every move is conditional on `pending`, so callbacks, the job
 * and the test screen racing each other settle a payment once. Answers the payment as it is afterwards.
 */
export async function checkMomoPayment(
  ctx: MomoCtx,
  reference: string,
  opts: { force?: boolean; lateAnswer?: boolean } = {},
) {
  const payment = await findByReference(ctx.db, reference);
  if (payment?.status === "expired" && opts.lateAnswer) return checkLateAnswer(ctx, payment);
  if (!payment || payment.status !== "pending") return payment;
  const now = ctx.clock.now();
  const recent = payment.lastCheckedAt && now.getTime() - payment.lastCheckedAt.getTime() < MOMO_CHECK_INTERVAL_MS;
  const due = now.getTime() >= payment.expiresAt.getTime();
  if (recent && !opts.force && !due) return payment;
  await ctx.db
    .update(momoPayments)
    .set({ lastCheckedAt: now })
    .where(and(eq(momoPayments.id, payment.id), eq(momoPayments.status, "pending")));

  let status: MomoStatus | null;
  try {
    status = await ctx.provider.status(reference);
  } catch (err) {
    if (!(err instanceof MomoUnavailableError)) throw err;
    ctx.logger.warn({ reference, err: err.message }, "mobile-money status not known");
    status = null;
  }
  const outcome = decide(payment, status, now);
  if (!outcome) return findByReference(ctx.db, reference);
  await settleWith(ctx, payment, outcome);
  return findByReference(ctx.db, reference);
}

/**
 * A payer who approved after the payment expired has paid all the same: a provider callback about an expired
 * payment is checked once more, and a SUCCESSFUL answer for exactly our amount and currency completes it (the
 * purpose's handler decides what a late payment still buys). Anything else leaves it expired.
 */
async function checkLateAnswer(ctx: MomoCtx, payment: MomoPayment) {
  let status: MomoStatus | null = null;
  try {
    status = await ctx.provider.status(payment.reference);
  } catch (err) {
    if (!(err instanceof MomoUnavailableError)) throw err;
  }
  const outcome = decide(payment, status, ctx.clock.now());
  if (outcome?.kind === "paid") await settleWith(ctx, payment, outcome, "expired");
  return findByReference(ctx.db, payment.reference);
}

function decide(payment: MomoPayment, status: MomoStatus | null, now: Date): Outcome | null {
  if (status?.state === "successful") {
    if (status.amountMinor !== payment.amountMinor || status.currency !== payment.currency) {
      return { kind: "failed", reason: "The amount or currency paid does not match the purchase" };
    }
    return { kind: "paid", status };
  }
  if (status?.state === "failed") return { kind: "failed", reason: (status.reason ?? "Declined").slice(0, 200) };
  return now.getTime() >= payment.expiresAt.getTime() ? { kind: "expired" } : null;
}

async function settleWith(
  ctx: MomoCtx,
  payment: MomoPayment,
  outcome: Outcome,
  from: "pending" | "expired" = "pending",
): Promise<void> {
  const now = ctx.clock.now();
  const handler = ctx.purposes[payment.purpose];
  await runInTransaction(ctx.db, async (tx) => {
    const next = outcome.kind === "paid" ? "successful" : outcome.kind === "failed" ? "failed" : "expired";
    const [moved] = await tx
      .update(momoPayments)
      .set({
        status: next,
        completedAt: now,
        externalReference: outcome.kind === "paid" ? outcome.status.externalReference : null,
        failureReason:
          outcome.kind === "failed" ? outcome.reason : outcome.kind === "expired" ? "No answer in time" : null,
      })
      .where(and(eq(momoPayments.id, payment.id), eq(momoPayments.status, from)))
      .returning();
    if (!moved) return;
    await tx.insert(auditEvents).values({
      at: now,
      actorId: null,
      subjectUserId: moved.userId,
      action: `momo_payment_${next}`,
      target: `momo:${moved.reference}`,
      details: { purpose: moved.purpose, amountMinor: moved.amountMinor, currency: moved.currency },
    });
    if (!handler) return;
    if (next === "successful") await handler.paid(tx, moved);
    else await handler.failed(tx, moved);
  });
  if (outcome.kind === "failed" && outcome.reason.startsWith("The amount")) {
    ctx.logger.error({ reference: payment.reference }, "mobile-money amount or currency mismatch: not credited");
  }
}

export async function findByReference(db: DbOrTx, reference: string): Promise<MomoPayment | undefined> {
  const [row] = await db.select().from(momoPayments).where(eq(momoPayments.reference, reference));
  return row;
}

/** The caller's own payment by reference; someone else's is the same undefined as a missing one. */
export async function findOwnPayment(db: DbOrTx, userId: number, reference: string) {
  const [row] = await db
    .select()
    .from(momoPayments)
    .where(and(eq(momoPayments.reference, reference), eq(momoPayments.userId, userId)));
  return row;
}

/** Test mode: records the payer's answer on a pending payment of the caller's (false: not theirs, or not pending). */
export async function recordTestAnswer(
  db: Db,
  p: { userId: number; reference: string; answer: "approved" | "declined" },
) {
  const moved = await db
    .update(momoPayments)
    .set({ testAnswer: p.answer })
    .where(
      and(
        eq(momoPayments.reference, p.reference),
        eq(momoPayments.userId, p.userId),
        eq(momoPayments.status, "pending"),
        sql`${momoPayments.testAnswer} is null`,
      ),
    )
    .returning({ id: momoPayments.id });
  return moved.length === 1;
}
