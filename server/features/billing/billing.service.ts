import type { Logger } from "pino";
import { AGENT_PLAN_IDS, PLANS, normalizePlanId, type PlanId } from "@shared/plans";
import type { MomoPayment, User } from "@shared/schema";
import { runInTransaction, type Db, type Tx } from "../../db";
import { conflict, forbidden, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Mailer } from "../../lib/mail/mailer";
import type { OutboxWriteDeps } from "../../lib/outbox/enqueue";
import type { Payments, WebhookEvent } from "../../lib/payments";
import type { MomoCtx } from "../mobile-money/momo.service";
import type { UsageCounts } from "./billing.limits";
import { BILLING_PERIOD_MS } from "./billing.pricing";
import { lockUser } from "../../lib/plan-limits";
import { listBundles, readUsageCounts, writePlanState } from "./billing.queries";
import { settlePlanExpiry } from "./plan-expiry";

/** What every billing service needs; built once in registerBillingRoutes. */
export type BillingCtx = {
  db: Db;
  payments: Payments;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** Billing notices are queued in the transaction of the event that causes them. */
  outbox: OutboxWriteDeps;
  publicUrl: string;
  /** Mobile money in cedis (plan and storage purposes), shared with gift cards. */
  momo: MomoCtx;
  /**
   * One-time Checkout payments of other features (metadata `kind`, e.g. gift cards), applied in the webhook's
   * transaction after its event id is recorded.
   */
  checkoutPurposes?: Record<string, CheckoutPurpose>;
};

/** What a feature paid by a one-time Checkout Session does with its signed `checkout.session.*` event. */
export type CheckoutPurpose = (tx: Tx, event: WebhookEvent) => Promise<"applied" | "ignored">;

/** A change the caller sees: applied now, a Checkout page to visit, or scheduled for the end of the period. */
export type ChangeOutcome =
  | { applied: true; user: User }
  | { checkoutUrl: string }
  | { applied: false; user: User; message: string }
  | { payment: MomoPayment };

function formatDay(date: Date): string {
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** Plans and storage are for clients; agents may hold the Professional plan (or fall back to Freemium). */
export function assertMayBuy(user: User, planId?: PlanId): void {
  if (user.userType === "admin") throw forbidden("Plans and storage are for client and agent accounts.");
  if (user.userType === "agent" && planId && !AGENT_PLAN_IDS.includes(planId)) {
    throw forbidden("Agent accounts can choose the Professional plan.");
  }
}

/** The user with any ended period settled first (see plan-expiry.ts); every billing service starts here. */
export function settle(ctx: BillingCtx, user: User): Promise<User> {
  return settlePlanExpiry({ db: ctx.db, mode: ctx.payments.mode, now: ctx.clock.now() }, user);
}

/**
 * The user's plan, limits and current usage, counted from the real rows in one statement (after evaluating the end
 * of a cancelled period).
 */
export async function getUsage(ctx: BillingCtx, p: { user: User }): Promise<{ user: User; counts: UsageCounts }> {
  const current = await settle(ctx, p.user);
  const counts = await readUsageCounts(ctx.db, current.id);
  return { user: current, counts };
}

/** The user's purchases (asset_bundles), newest first, with the total for X-Total-Count. */
export function listBillingHistory(ctx: BillingCtx, p: { userId: number; limit: number; offset: number }) {
  return listBundles(ctx.db, p.userId, { limit: p.limit, offset: p.offset });
}

/**
 * Cancels the paid plan at the end of its period. Test mode flags it and the plan reverts lazily once the period is
 * over; with Stripe the subscription is updated (idempotently) and its answer is stored — the plan itself only
 * changes when Stripe's webhook says the subscription ended.
 */
export async function cancelSubscription(ctx: BillingCtx, p: { user: User }): Promise<ChangeOutcome> {
  const current = await settle(ctx, p.user);
  const userId = current.id;
  assertMayBuy(current);
  const plan = normalizePlanId(current.plan);
  if (plan === "freemium") throw conflict("You are on the free plan: there is no subscription to cancel.");
  if (current.cancelAtPeriodEnd) {
    const end = current.planRenewsAt ? ` on ${formatDay(current.planRenewsAt)}` : "";
    throw conflict(`Your subscription is already set to end${end}.`);
  }
  const now = ctx.clock.now();
  let updated: User;
  if (ctx.payments.mode === "test") {
    updated = await runInTransaction(ctx.db, async (tx) => {
      const locked = await lockUser(tx, userId);
      if (!locked) throw notFound();
      const renewsAt = locked.planRenewsAt ?? new Date(now.getTime() + BILLING_PERIOD_MS);
      return writePlanState(tx, locked, { cancelAtPeriodEnd: true, planRenewsAt: renewsAt }, now);
    });
  } else {
    const subscriptionId = current.stripeSubscriptionId;
    if (!subscriptionId) throw conflict("There is no Stripe subscription to cancel on this account.");
    const snapshot = await ctx.payments.setCancelAtPeriodEnd(subscriptionId, true, `cancel:${subscriptionId}`);
    updated = await runInTransaction(ctx.db, async (tx) => {
      const locked = await lockUser(tx, userId);
      if (!locked) throw notFound();
      return writePlanState(
        tx,
        locked,
        {
          cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
          planRenewsAt: snapshot.currentPeriodEnd ?? locked.planRenewsAt,
        },
        now,
      );
    });
  }
  const until = updated.planRenewsAt ? `until ${formatDay(updated.planRenewsAt)}` : "until the end of the period";
  return {
    applied: false,
    user: updated,
    message: `Your ${PLANS[plan].name} plan stays active ${until}, then switches to Freemium.`,
  };
}
