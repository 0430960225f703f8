import type { RequestHandler } from "express";
import { can, type PlanFeature } from "@shared/plans";
import { forbidden, unauthorized } from "../../lib/app-error";
import { systemClock, type Clock } from "../../lib/clock";
import { effectivePlan } from "./plan-expiry";

/** How a gated feature is named in the 403 message. */
export const FEATURE_LABELS: Record<PlanFeature, string> = {
  unlimited_files: "unlimited files",
  unlimited_beneficiaries: "unlimited beneficiaries",
  time_triggers: "time-based triggers",
  death_verification: "death verification",
  gift_cards: "gift cards",
  agent_collaboration: "agent collaboration",
  agent_dashboard: "the agent dashboard",
};

/**
 * Route guard for plan features (shared/plans.ts `can`): 403 "Upgrade your plan to use <feature>" unless the plan
 * in force includes it. A plan cancelled at period end stops counting once its period is over. Mount it after the
 * route table's access guard, e.g. `r.add({ … access: "client" }, requireFeature("time_triggers", deps.clock), handler)`.
 */
export function requireFeature(feature: PlanFeature, clock: Clock = systemClock): RequestHandler {
  return (req, _res, next) => {
    const user = req.user;
    if (!user) return next(unauthorized());
    if (can({ plan: effectivePlan(user, clock.now()) }, feature)) return next();
    next(forbidden(`Upgrade your plan to use ${FEATURE_LABELS[feature]}`));
  };
}
