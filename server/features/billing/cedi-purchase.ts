import { and, eq, inArray, sql } from "drizzle-orm";
import { PLANS, normalizePlanId, type PlanId } from "@shared/plans";
import { assetBundles, type MomoPayment, type User } from "@shared/schema";
import type { BillingPayment } from "@shared/validators/billing";
import { runInTransaction, type Tx } from "../../db";
import { conflict, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { notify } from "../../lib/notifications";
import { lockUser } from "../../lib/plan-limits";
import type { MomoPurposeHandler } from "../mobile-money/momo.service";
import { createMomoPayment, findByReference, requestMomoPayment } from "../mobile-money/momo.service";
import { creditUnappliedPayment, lockedCreditBalance, spendCredit } from "./account-credit";
import { creditAgentForBundle } from "./agent-commission";
import { downgradeRefusal } from "./billing.limits";
import { BILLING_PERIOD_MS, centsToDecimal } from "./billing.pricing";
import { insertBundle, mergeBundleMetadata, readUsageCounts, writePlanState, type Bundle } from "./billing.queries";
import type { BillingCtx, ChangeOutcome } from "./billing.service";

/** A plan month or extra storage, with its USD catalogue price (cents) and its published cedi price (pesewas). */
export type CediPurchase =
  | { kind: "plan"; planId: PlanId; name: string; quantity: 1; cents: number; ghsMinor: number }
  | { kind: "storage"; storageGB: number; name: string; quantity: number; cents: number; ghsMinor: number };

export const CARD_REMAINDER_MESSAGE =
  "Your account credit is in cedis and covers only part of this purchase: pay the rest by mobile money.";
export const CREDIT_GONE_MESSAGE = "Your account credit no longer covers its share of this purchase.";

const cedis = (minor: number) => `GHS ${(minor / 100).toFixed(2)}`;

function detailOf(purchase: CediPurchase): Record<string, string> {
  return purchase.kind === "plan" ? { planId: purchase.planId } : { storageGB: String(purchase.storageGB) };
}

/** A plan period paid in cedis (or a cancelled test-mode one): it ends unless paid again, and may be paid again. */
export function isPrepaidPeriod(user: Pick<User, "cancelAtPeriodEnd" | "stripeSubscriptionId">): boolean {
  return user.cancelAtPeriodEnd && !user.stripeSubscriptionId;
}

/**
 * Grants a purchase to the locked user: a plan for one 30-day period (a period paid in cedis is prepaid — it ends
 * unless paid again — while the test card's rolls on like a subscription), or the extra storage.
 */
async function grant(tx: Tx, locked: User, purchase: CediPurchase, now: Date, prepaid: boolean): Promise<User> {
  if (purchase.kind === "storage") {
    return writePlanState(tx, locked, { additionalStorageGb: locked.additionalStorageGb + purchase.storageGB }, now);
  }
  // paying the same plan again before its period ends adds the next 30 days after it
  const current = locked.planRenewsAt;
  const from =
    normalizePlanId(locked.plan) === purchase.planId && current && current.getTime() > now.getTime() ? current : now;
  return writePlanState(
    tx,
    locked,
    {
      plan: purchase.planId,
      planRenewsAt: new Date(from.getTime() + BILLING_PERIOD_MS),
      cancelAtPeriodEnd: prepaid,
      paymentStatus: "ok",
    },
    now,
  );
}

/**
 * A purchase paid in cedis (issue 19, decision 017): account credit first, in the transaction that decides it, under
 * the user's row lock. Credit covering it all (or, in test mode, the test card paying the rest) grants it at once;
 * otherwise a pending bundle and a mobile-money payment for the remainder are recorded, and the credit's share is
 * spent only when that payment is confirmed (the purpose handler below) — nothing is reserved.
 */
export async function payInCedis(
  ctx: BillingCtx,
  user: User,
  purchase: CediPurchase,
  payment: BillingPayment,
): Promise<ChangeOutcome> {
  const now = ctx.clock.now();
  const outcome = await runInTransaction(ctx.db, async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked) throw notFound();
    if (purchase.kind === "plan") {
      if (normalizePlanId(locked.plan) === purchase.planId && !isPrepaidPeriod(locked)) {
        throw conflict(`You are already on the ${PLANS[purchase.planId].name} plan.`);
      }
      const refusal = downgradeRefusal(await readUsageCounts(tx, user.id), purchase.planId, locked.additionalStorageGb);
      if (refusal) throw conflict(refusal);
    }
    const balance = await lockedCreditBalance(tx, user.id);
    const creditMinor = Math.min(Math.max(balance, 0), purchase.ghsMinor);
    const momoMinor = purchase.ghsMinor - creditMinor;
    const paid = { currency: "GHS", amountMinor: purchase.ghsMinor, creditMinor, momoMinor };
    const base = {
      userId: user.id,
      name: purchase.name,
      category: purchase.kind,
      quantity: purchase.quantity,
      price: centsToDecimal(purchase.cents),
      createdAt: now,
    };

    if (momoMinor === 0 || payment.method === "card") {
      if (momoMinor > 0 && ctx.payments.mode === "stripe") throw conflict(CARD_REMAINDER_MESSAGE);
      const provider = momoMinor === 0 ? "credit" : "test";
      const bundle = await insertBundle(tx, {
        ...base,
        status: "paid",
        metadata: { provider, ...detailOf(purchase), ...paid },
      });
      if (!(await spendCredit(tx, { userId: user.id, amountMinor: creditMinor, bundleId: bundle.id, now }))) {
        throw conflict(CREDIT_GONE_MESSAGE);
      }
      const next = await grant(tx, locked, purchase, now, provider === "credit");
      await creditAgentForBundle(tx, now, bundle);
      return { kind: "applied" as const, user: next };
    }

    const bundle = await insertBundle(tx, {
      ...base,
      status: "pending",
      metadata: { provider: "momo", ...detailOf(purchase), ...paid },
    });
    const momo = await createMomoPayment(tx, ctx.momo, {
      userId: user.id,
      purpose: purchase.kind,
      subjectId: bundle.id,
      network: payment.network,
      phone: payment.phone,
      amountMinor: momoMinor,
    });
    await mergeBundleMetadata(tx, user.id, bundle.id, { paymentReference: momo.reference });
    return { kind: "momo" as const, payment: momo };
  });
  if (outcome.kind === "applied") return { applied: true, user: outcome.user };
  if (payment.method !== "mobile_money") throw new Error("unreachable: a mobile-money payment without its payer");
  await requestMomoPayment(ctx.momo, outcome.payment, payment.phone, `Heirloom: ${purchase.name}`);
  return { payment: (await findByReference(ctx.db, outcome.payment.reference)) ?? outcome.payment };
}

function purchaseOfBundle(bundle: Bundle): CediPurchase | null {
  const meta = (bundle.metadata ?? {}) as Record<string, unknown>;
  const ghsMinor = Number(meta.amountMinor ?? 0);
  const cents = Math.round(Number(bundle.price) * 100);
  if (bundle.category === "plan" && typeof meta.planId === "string") {
    const planId = normalizePlanId(meta.planId);
    return { kind: "plan", planId, name: bundle.name, quantity: 1, cents, ghsMinor };
  }
  const gb = Number(meta.storageGB);
  if (bundle.category === "storage" && Number.isSafeInteger(gb) && gb > 0) {
    return { kind: "storage", storageGB: gb, name: bundle.name, quantity: gb, cents, ghsMinor };
  }
  return null;
}

/**
 * The `plan` and `storage` purposes of a mobile-money payment, run in the payment's own confirming transaction:
 * paid → the bundle moves `pending` (or, for a late success, `expired`) → `paid` by one conditional update, so once;
 * the credit's share is spent then; the plan or storage is granted and the client's agent earns their commission,
 * exactly as for a card payment. If the credit no longer covers its share or the plan no longer fits, nothing is
 * granted and what the payer paid becomes account credit. failed/expired → the bundle expires; no credit was taken.
 */
export function billingMomoPurpose(deps: { clock: Clock }): MomoPurposeHandler {
  const bundleOf = (payment: MomoPayment) =>
    and(
      eq(assetBundles.id, payment.subjectId ?? -1),
      eq(assetBundles.userId, payment.userId),
      sql`${assetBundles.metadata}->>'paymentReference' = ${payment.reference}`,
    );
  return {
    async creditedInstead(db, payment) {
      const [bundle] = await db.select({ status: assetBundles.status }).from(assetBundles).where(bundleOf(payment));
      return bundle?.status === "canceled";
    },
    async paid(tx, payment) {
      const now = deps.clock.now();
      const [bundle] = await tx
        .update(assetBundles)
        .set({ status: "paid" })
        .where(and(bundleOf(payment), inArray(assetBundles.status, ["pending", "expired"])))
        .returning();
      if (!bundle) return;
      const locked = await lockUser(tx, payment.userId);
      const purchase = purchaseOfBundle(bundle);
      if (!locked || !purchase) return;
      const creditMinor = Number(((bundle.metadata ?? {}) as Record<string, unknown>).creditMinor ?? 0);
      let refusal =
        purchase.kind === "plan"
          ? downgradeRefusal(await readUsageCounts(tx, locked.id), purchase.planId, locked.additionalStorageGb)
          : null;
      if (
        !refusal &&
        !(await spendCredit(tx, { userId: locked.id, amountMinor: creditMinor, bundleId: bundle.id, now }))
      ) {
        refusal = CREDIT_GONE_MESSAGE;
      }
      if (refusal) {
        await tx.update(assetBundles).set({ status: "canceled" }).where(eq(assetBundles.id, bundle.id));
        await creditUnappliedPayment(tx, {
          userId: locked.id,
          amountMinor: payment.amountMinor,
          bundleId: bundle.id,
          now,
        });
        await notify(tx, deps, [
          {
            userId: locked.id,
            kind: "billing_unapplied",
            title: `${purchase.name}: not applied`,
            body: `${refusal} The ${cedis(payment.amountMinor)} you paid by mobile money was added to your account credit.`,
            link: "/pricing",
            dedupeKey: `billing-unapplied:${bundle.id}`,
          },
        ]);
        return;
      }
      await grant(tx, locked, purchase, now, true);
      await creditAgentForBundle(tx, now, bundle);
      await notify(tx, deps, [
        {
          userId: locked.id,
          kind: "billing_paid",
          title:
            purchase.kind === "plan" ? "Plan upgraded successfully!" : "Additional storage purchased successfully!",
          body: `${purchase.name}: paid ${cedis(purchase.ghsMinor)}${creditMinor > 0 ? `, ${cedis(creditMinor)} of it from your account credit` : ""}.`,
          link: "/pricing",
          dedupeKey: `billing-paid:${bundle.id}`,
        },
      ]);
    },
    async failed(tx, payment) {
      await tx
        .update(assetBundles)
        .set({ status: "expired" })
        .where(and(bundleOf(payment), eq(assetBundles.status, "pending")));
    },
  };
}
