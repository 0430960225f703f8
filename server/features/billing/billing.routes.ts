import express from "express";
import { paginationQuery } from "@shared/validators/common";
import { billingPaymentOf, purchaseStorageSchema, upgradePlanSchema } from "@shared/validators/billing";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { createPayments, type Payments } from "../../lib/payments";
import type { RouteTable } from "../../lib/route-registry";
import { presentBillingItem, presentChange, presentUsage } from "./billing.presenter";
import { cancelSubscription, getUsage, listBillingHistory, type BillingCtx } from "./billing.service";
import { changePlan, purchaseStorage } from "./plan-change.service";
import { handleStripeWebhook, INVALID_SIGNATURE_MESSAGE } from "./webhook.service";
import { currentUser, currentUserId } from "../../lib/request-context";
import { momoContext } from "../mobile-money/momo-context";
import { giftCardCheckoutPurpose } from "../gift-cards/card-payment";

/** app.ts lets this exact path skip the JSON parser: the signature is checked over the raw bytes. */
export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

/**
 * Plans, storage, billing history and the Stripe webhook. Payments run in test mode unless STRIPE_SECRET_KEY is
 * set; `opts.payments` replaces the provider (tests: a Stripe provider pointed at a local fake API).
 */
export function registerBillingRoutes(r: RouteTable, deps: AppDeps, opts: { payments?: Payments } = {}) {
  const payments = opts.payments ?? createPayments(deps.config.stripe);
  const ctx: BillingCtx = {
    db: deps.database.db,
    payments,
    clock: deps.clock,
    logger: deps.logger,
    mailer: deps.mailer,
    outbox: deps,
    publicUrl: deps.config.publicUrl,
    momo: momoContext(deps),
    checkoutPurposes: { gift_card: giftCardCheckoutPurpose(deps) },
  };

  r.add({ method: "get", path: "/api/usage", access: "user" }, async (req, res) => {
    const { user, counts } = await getUsage(ctx, { user: currentUser(req) });
    res.json(presentUsage(user, counts, payments.mode === "test"));
  });

  r.add({ method: "post", path: "/api/upgrade-plan", access: "user" }, async (req, res) => {
    const input = upgradePlanSchema.parse(req.body);
    const payment = billingPaymentOf(input);
    const outcome = await changePlan(ctx, { user: currentUser(req), planId: input.planId, payment });
    res.json(presentChange(outcome));
  });

  r.add({ method: "post", path: "/api/purchase-storage", access: "user" }, async (req, res) => {
    const input = purchaseStorageSchema.parse(req.body);
    const payment = billingPaymentOf(input);
    const outcome = await purchaseStorage(ctx, { user: currentUser(req), storageGB: input.storageGB, payment });
    res.json(presentChange(outcome));
  });

  r.add({ method: "post", path: "/api/subscription/cancel", access: "user", body: "none" }, async (req, res) => {
    const outcome = await cancelSubscription(ctx, { user: currentUser(req) });
    res.json(presentChange(outcome));
  });

  r.add({ method: "get", path: "/api/billing/history", access: "user" }, async (req, res) => {
    const page = paginationQuery.parse(req.query);
    const { rows, total } = await listBillingHistory(ctx, { userId: currentUserId(req), ...page });
    res.setHeader("X-Total-Count", String(total));
    res.json(rows.map(presentBillingItem));
  });

  r.add(
    { method: "post", path: STRIPE_WEBHOOK_PATH, access: "public", body: "raw" },
    express.raw({ type: "application/json", limit: "1mb" }),
    async (req, res) => {
      const rawBody: unknown = req.body;
      // Anything but the untouched bytes (another content type, a body some parser already read) cannot be verified.
      const bytes = Buffer.isBuffer(rawBody) ? rawBody : Buffer.alloc(0);
      const outcome = await handleStripeWebhook(ctx, { rawBody: bytes, signature: req.get("stripe-signature") }).catch(
        async (err: unknown) => {
          if (err instanceof AppError && err.message === INVALID_SIGNATURE_MESSAGE) {
            await audit(ctx, req, "webhook_signature_failed", { target: "stripe" });
          }
          throw err;
        },
      );
      res.json({ received: true, outcome });
    },
  );
}
