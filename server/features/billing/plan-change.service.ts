import { PLANS, normalizePlanId, planPriceGHSMinor, storagePriceGHSMinor, type PlanId } from "@shared/plans";
import type { BillingPayment } from "@shared/validators/billing";
import type { User } from "@shared/schema";
import { runInTransaction } from "../../db";
import { conflict, notFound } from "../../lib/app-error";
import type { StripePayments } from "../../lib/payments";
import { creditAgentForBundle } from "./agent-commission";
import { downgradeRefusal } from "./billing.limits";
import {
  BILLING_PERIOD_MS,
  centsToDecimal,
  planBundleName,
  planPriceCents,
  storageBundleName,
  storageQuoteCents,
} from "./billing.pricing";
import { lockUser } from "../../lib/plan-limits";
import {
  insertBundle,
  mergeBundleMetadata,
  readUsageCounts,
  saveStripeCustomerId,
  transitionBundle,
  writePlanState,
} from "./billing.queries";
import { assertMayBuy, cancelSubscription, settle, type BillingCtx, type ChangeOutcome } from "./billing.service";
import { creditBalance } from "../gift-cards/redeem.service";
import { isPrepaidPeriod, payInCedis } from "./cedi-purchase";

/** A purchase goes the cedi way (decision 017) when it is paid by mobile money or the user holds account credit. */
async function paysInCedis(ctx: BillingCtx, userId: number, payment: BillingPayment): Promise<boolean> {
  return payment.method === "mobile_money" || (await creditBalance(ctx.db, userId)) > 0;
}

type Purchase =
  | { kind: "plan"; planId: PlanId; name: string; quantity: 1; cents: number }
  | { kind: "storage"; storageGB: number; name: string; quantity: number; cents: number };

function alreadyOn(planId: PlanId) {
  return conflict(`You are already on the ${PLANS[planId].name} plan.`);
}

async function ensureCustomer(ctx: BillingCtx, stripe: StripePayments, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const created = await stripe.createCustomer({ email: user.email, name, userId: user.id }, `customer:${user.id}`);
  return saveStripeCustomerId(ctx.db, user.id, created);
}

/**
 * Records the purchase as a pending bundle, then opens a Checkout Session for it (idempotency key
 * `checkout:<bundleId>`). Nothing about the plan or storage changes here: only the signed webhook applies it.
 */
async function startCheckout(ctx: BillingCtx, stripe: StripePayments, user: User, purchase: Purchase) {
  const customerId = await ensureCustomer(ctx, stripe, user);
  const detail: Record<string, string> =
    purchase.kind === "plan" ? { planId: purchase.planId } : { storageGB: String(purchase.storageGB) };
  const bundle = await insertBundle(ctx.db, {
    userId: user.id,
    name: purchase.name,
    category: purchase.kind,
    quantity: purchase.quantity,
    price: centsToDecimal(purchase.cents),
    status: "pending",
    metadata: { provider: "stripe", ...detail },
  });
  const base = ctx.publicUrl;
  try {
    const session = await stripe.createCheckoutSession({
      customerId,
      productName: purchase.name,
      unitAmountCents: purchase.cents,
      metadata: { userId: String(user.id), kind: purchase.kind, bundleId: String(bundle.id), ...detail },
      successUrl: `${base}/pricing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/pricing?checkout=cancelled`,
      idempotencyKey: `checkout:${bundle.id}`,
    });
    await mergeBundleMetadata(ctx.db, user.id, bundle.id, { checkoutSessionId: session.id });
    return { checkoutUrl: session.url };
  } catch (err) {
    await transitionBundle(ctx.db, { userId: user.id, bundleId: bundle.id, from: "pending", to: "expired" });
    throw err;
  }
}

/**
 * POST /api/upgrade-plan. Refuses (409) a plan the user's current data does not fit, saying what to remove. Test
 * mode applies the plan at once in one transaction (user row, storage_limit, a paid bundle at the catalogue price);
 * with Stripe it answers a Checkout URL, and moving to Freemium cancels the subscription at period end. Paid by
 * mobile money, or by a user holding account credit, it goes the cedi way instead (`payInCedis`, decision 017).
 */
export async function changePlan(
  ctx: BillingCtx,
  p: { user: User; planId: PlanId; payment?: BillingPayment },
): Promise<ChangeOutcome> {
  const user = await settle(ctx, p.user);
  assertMayBuy(user, p.planId);
  const samePlan = normalizePlanId(user.plan) === p.planId;
  const cents = planPriceCents(p.planId);
  const payment = p.payment ?? { method: "card" };
  if (cents > 0 && (await paysInCedis(ctx, user.id, payment))) {
    // a prepaid period (paid in cedis) may be paid again before it ends: the next 30 days follow on
    if (samePlan && !isPrepaidPeriod(user)) throw alreadyOn(p.planId);
    const name = planBundleName(p.planId);
    const ghsMinor = planPriceGHSMinor(p.planId);
    return payInCedis(ctx, user, { kind: "plan", planId: p.planId, name, quantity: 1, cents, ghsMinor }, payment);
  }
  if (samePlan) throw alreadyOn(p.planId);

  if (ctx.payments.mode === "stripe") {
    const refusal = downgradeRefusal(await readUsageCounts(ctx.db, user.id), p.planId, user.additionalStorageGb);
    if (refusal) throw conflict(refusal);
    if (p.planId === "freemium") return cancelSubscription(ctx, { user });
    const name = planBundleName(p.planId);
    return startCheckout(ctx, ctx.payments, user, { kind: "plan", planId: p.planId, name, quantity: 1, cents });
  }

  const now = ctx.clock.now();
  const updated = await runInTransaction(ctx.db, async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked) throw notFound();
    if (normalizePlanId(locked.plan) === p.planId) throw alreadyOn(p.planId);
    const refusal = downgradeRefusal(await readUsageCounts(tx, user.id), p.planId, locked.additionalStorageGb);
    if (refusal) throw conflict(refusal);
    const isPaid = cents > 0;
    const next = await writePlanState(
      tx,
      locked,
      {
        plan: p.planId,
        planRenewsAt: isPaid ? new Date(now.getTime() + BILLING_PERIOD_MS) : null,
        cancelAtPeriodEnd: false,
        paymentStatus: "ok",
      },
      now,
    );
    if (isPaid) {
      const bundle = await insertBundle(tx, {
        userId: user.id,
        name: planBundleName(p.planId),
        category: "plan",
        quantity: 1,
        price: centsToDecimal(cents),
        status: "paid",
        metadata: { provider: "test", planId: p.planId },
        createdAt: now,
      });
      await creditAgentForBundle(tx, now, bundle);
    }
    return next;
  });
  return { applied: true, user: updated };
}

/**
 * POST /api/purchase-storage: `storageGB` (1–1000) priced entirely at its tier rate in cents. Test mode credits it at
 * once (additional_storage_gb and storage_limit, plus a paid bundle); with Stripe it answers a Checkout URL. Paid by
 * mobile money, or by a user holding account credit, it goes the cedi way instead (`payInCedis`, decision 017).
 */
export async function purchaseStorage(
  ctx: BillingCtx,
  p: { user: User; storageGB: number; payment?: BillingPayment },
): Promise<ChangeOutcome> {
  const user = await settle(ctx, p.user);
  assertMayBuy(user);
  const cents = storageQuoteCents(p.storageGB);
  const name = storageBundleName(p.storageGB);
  const payment = p.payment ?? { method: "card" };
  if (await paysInCedis(ctx, user.id, payment)) {
    const ghsMinor = storagePriceGHSMinor(p.storageGB);
    const purchase = { kind: "storage", storageGB: p.storageGB, name, quantity: p.storageGB, cents, ghsMinor } as const;
    return payInCedis(ctx, user, purchase, payment);
  }

  if (ctx.payments.mode === "stripe") {
    const purchase = { kind: "storage", storageGB: p.storageGB, name, quantity: p.storageGB, cents } as const;
    return startCheckout(ctx, ctx.payments, user, purchase);
  }

  const now = ctx.clock.now();
  const updated = await runInTransaction(ctx.db, async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked) throw notFound();
    const next = await writePlanState(
      tx,
      locked,
      { additionalStorageGb: locked.additionalStorageGb + p.storageGB },
      now,
    );
    const bundle = await insertBundle(tx, {
      userId: user.id,
      name,
      category: "storage",
      quantity: p.storageGB,
      price: centsToDecimal(cents),
      status: "paid",
      metadata: { provider: "test", storageGB: String(p.storageGB) },
      createdAt: now,
    });
    await creditAgentForBundle(tx, now, bundle);
    return next;
  });
  return { applied: true, user: updated };
}
