import type { Logger } from "pino";
import { z } from "zod";
import { PLAN_IDS, STORAGE_GB_MAX, STORAGE_GB_MIN, type PlanId } from "@shared/plans";
import type { User } from "@shared/schema";
import type { Tx } from "../../db";
import type { SubscriptionSnapshot } from "../../lib/payments";
import { creditAgentForBundle } from "./agent-commission";
import { centsToDecimal, planPriceCents, storageQuoteCents } from "./billing.pricing";
import { lockUser } from "../../lib/plan-limits";
import {
  findBundle,
  planBundleIdForSubscription,
  transitionBundle,
  writePlanState,
  type Bundle,
} from "./billing.queries";

const IN_FORCE = new Set(["active", "trialing", "past_due"]);
const ENDED = new Set(["canceled", "incomplete_expired", "unpaid"]);

const positiveInt = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number);

/** The metadata our Checkout Sessions put on every subscription; anything else is not ours to apply. */
const subscriptionMetadata = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("plan"),
    userId: positiveInt,
    bundleId: positiveInt,
    planId: z.enum(PLAN_IDS).exclude(["freemium"]),
  }),
  z.object({
    kind: z.literal("storage"),
    userId: positiveInt,
    bundleId: positiveInt,
    storageGB: positiveInt.pipe(z.number().int().min(STORAGE_GB_MIN).max(STORAGE_GB_MAX)),
  }),
]);
type SubscriptionMetadata = z.infer<typeof subscriptionMetadata>;

export type SyncResult = {
  user?: User;
  /** Superseded plan subscriptions to cancel once the transaction has committed. */
  cancel: string[];
};

/** The price must be exactly what our catalogue charges for what the bundle recorded: one monthly USD line. */
function matchesCatalogue(snapshot: SubscriptionSnapshot, meta: SubscriptionMetadata, bundle: Bundle): boolean {
  const expected = meta.kind === "plan" ? planPriceCents(meta.planId) : storageQuoteCents(meta.storageGB);
  const quantity = meta.kind === "plan" ? 1 : meta.storageGB;
  const [line, ...rest] = snapshot.lines;
  return (
    line !== undefined &&
    rest.length === 0 &&
    line.currency.toLowerCase() === "usd" &&
    line.interval === "month" &&
    line.quantity === 1 &&
    line.unitAmountCents === expected &&
    bundle.category === meta.kind &&
    bundle.quantity === quantity &&
    bundle.price === centsToDecimal(expected)
  );
}

/**
 * Applies a subscription's current state (as just read from Stripe) to the user it belongs to. Idempotent: the plan
 * fields are set to what Stripe says, and credits move a bundle pending → paid in one conditional statement, so any
 * number of events in any order end in the same state. Anything that does not match our catalogue is refused with
 * an alert in the log.
 */
export async function syncSubscription(
  tx: Tx,
  ctx: { logger: Logger; now: Date; eventId: string },
  snapshot: SubscriptionSnapshot,
): Promise<SyncResult> {
  const alert = (reason: string) => {
    ctx.logger.error(
      { alert: "stripe_subscription_refused", eventId: ctx.eventId, subscriptionId: snapshot.id, reason },
      `Stripe subscription not applied: ${reason}`,
    );
    return { cancel: [] };
  };
  const parsed = subscriptionMetadata.safeParse(snapshot.metadata);
  if (!parsed.success) return alert("metadata is not Heirloom's");
  const meta = parsed.data;
  const user = await lockUser(tx, meta.userId);
  if (!user || user.stripeCustomerId !== snapshot.customerId) return alert("customer does not match the user");
  const bundle = await findBundle(tx, user.id, meta.bundleId);
  if (!bundle) return alert("no such purchase");
  if (!matchesCatalogue(snapshot, meta, bundle)) return alert("price or amount is not in the catalogue");

  const step: SyncStep = { tx, now: ctx.now, user, bundle, snapshot };
  return meta.kind === "storage" ? syncStorage(step, meta.storageGB) : syncPlan(step, meta.planId);
}

type SyncStep = { tx: Tx; now: Date; user: User; bundle: Bundle; snapshot: SubscriptionSnapshot };

/** Extra storage: credited once when its subscription is in force, taken back once when it ends. */
async function syncStorage({ tx, now, user, bundle, snapshot }: SyncStep, storageGB: number): Promise<SyncResult> {
  const ref = { userId: user.id, bundleId: bundle.id };
  if (IN_FORCE.has(snapshot.status)) {
    const paid = { ...ref, from: "pending", to: "paid", metadata: { subscriptionId: snapshot.id } } as const;
    if (!(await transitionBundle(tx, paid))) return { user, cancel: [] };
    await creditAgentForBundle(tx, now, bundle);
    const next = await writePlanState(tx, user, { additionalStorageGb: user.additionalStorageGb + storageGB }, now);
    return { user: next, cancel: [] };
  }
  if (!ENDED.has(snapshot.status)) return { user, cancel: [] };
  if (await transitionBundle(tx, { ...ref, from: "paid", to: "canceled" })) {
    const left = Math.max(0, user.additionalStorageGb - storageGB);
    return { user: await writePlanState(tx, user, { additionalStorageGb: left }, now), cancel: [] };
  }
  await transitionBundle(tx, { ...ref, from: "pending", to: "canceled" });
  return { user, cancel: [] };
}

/**
 * The plan: in force → the user's plan, period end and cancel flag follow Stripe; ended → Freemium, but only if it
 * is still the user's plan subscription. A newer plan subscription replaces an older one (cancelled after commit).
 */
async function syncPlan({ tx, now, user, bundle, snapshot }: SyncStep, planId: PlanId): Promise<SyncResult> {
  const ref = { userId: user.id, bundleId: bundle.id };
  const paid = { ...ref, from: "pending", to: "paid", metadata: { subscriptionId: snapshot.id } } as const;
  if (ENDED.has(snapshot.status)) {
    await transitionBundle(tx, { ...ref, from: "pending", to: "canceled" });
    if (user.stripeSubscriptionId !== snapshot.id) return { user, cancel: [] };
    const ended = { plan: "freemium", planRenewsAt: null, cancelAtPeriodEnd: false } as const;
    return { user: await writePlanState(tx, user, ended, now), cancel: [] };
  }
  if (!IN_FORCE.has(snapshot.status)) return { user, cancel: [] };

  const cancel: string[] = [];
  const current = user.stripeSubscriptionId;
  if (current && current !== snapshot.id) {
    const currentBundleId = await planBundleIdForSubscription(tx, user.id, current);
    if (currentBundleId !== undefined && currentBundleId > bundle.id) {
      // An older checkout finished after a newer plan took over: keep the newer plan, end this one.
      if (await transitionBundle(tx, paid)) await creditAgentForBundle(tx, now, bundle);
      return { user, cancel: [snapshot.id] };
    }
    cancel.push(current);
  }
  if (await transitionBundle(tx, paid)) await creditAgentForBundle(tx, now, bundle);
  const next = await writePlanState(
    tx,
    user,
    {
      plan: planId,
      planRenewsAt: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      stripeSubscriptionId: snapshot.id,
      ...(snapshot.status === "past_due" ? { paymentStatus: "past_due" } : {}),
    },
    now,
  );
  return { user: next, cancel };
}
