import type { RequestHandler } from "express";
import { normalizePlanId, type PlanId } from "@shared/plans";
import type { User } from "@shared/schema";
import { runInTransaction, type Db } from "../../db";
import type { AppDeps } from "../../deps";
import type { Payments } from "../../lib/payments";
import { BILLING_PERIOD_MS } from "./billing.pricing";
import { lockUser } from "../../lib/plan-limits";
import { writePlanState } from "./billing.queries";

type PlanFields = Pick<User, "plan" | "planRenewsAt" | "cancelAtPeriodEnd">;

/** The plan in force at `now`: a subscription cancelled at period end stops counting once the period is over. */
export function effectivePlan(user: PlanFields, now: Date): PlanId {
  const plan = normalizePlanId(user.plan);
  if (plan !== "freemium" && user.cancelAtPeriodEnd && user.planRenewsAt && user.planRenewsAt <= now) {
    return "freemium";
  }
  return plan;
}

type Mode = Payments["mode"];

function isDue(user: PlanFields, mode: Mode, now: Date): boolean {
  if (normalizePlanId(user.plan) === "freemium" || !user.planRenewsAt || user.planRenewsAt > now) return false;
  // Stripe renews through its webhook; test mode has no processor, so the period rolls here.
  return user.cancelAtPeriodEnd || mode === "test";
}

/**
 * Evaluates the end of the paid period lazily, on read: a cancelled plan reverts to freemium (storage_limit
 * rewritten), and in test mode a running plan rolls on to its next 30-day period. Answers the user as it now is.
 */
export async function settlePlanExpiry(ctx: { db: Db; mode: Mode; now: Date }, user: User): Promise<User> {
  if (!isDue(user, ctx.mode, ctx.now)) return user;
  return runInTransaction(ctx.db, async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked || !isDue(locked, ctx.mode, ctx.now) || !locked.planRenewsAt) return locked ?? user;
    if (locked.cancelAtPeriodEnd) {
      return writePlanState(tx, locked, { plan: "freemium", planRenewsAt: null, cancelAtPeriodEnd: false }, ctx.now);
    }
    const behind = ctx.now.getTime() - locked.planRenewsAt.getTime();
    const periods = Math.floor(behind / BILLING_PERIOD_MS) + 1;
    const next = new Date(locked.planRenewsAt.getTime() + periods * BILLING_PERIOD_MS);
    return writePlanState(tx, locked, { planRenewsAt: next }, ctx.now);
  });
}

/**
 * Optional app-wide hook (mount after passport): settles an ended period before any route reads `req.user.plan`, so
 * upload quotas and beneficiary limits see the reverted plan at once. Costs nothing unless a period is due.
 */
export function settlePlanExpiryOnRequest(deps: Pick<AppDeps, "config" | "database" | "clock">): RequestHandler {
  const mode: Mode = deps.config.stripe ? "stripe" : "test";
  return async (req, _res, next) => {
    if (!req.user) return next();
    req.user = await settlePlanExpiry({ db: deps.database.db, mode, now: deps.clock.now() }, req.user);
    next();
  };
}
