import type { AppDeps } from "../../deps";
import { createMomoProvider } from "../../lib/momo";
import { billingMomoPurpose } from "../billing/cedi-purchase";
import { giftCardPurpose } from "../gift-cards/issue-cards";
import type { MomoCtx, MomoPurposeHandler } from "./momo.service";

const contexts = new WeakMap<AppDeps, MomoCtx>();

/**
 * What every payment purpose does once its payment settles. A feature that is paid by mobile money (gift cards,
 * plans, storage) adds its handler here.
 */
function purposes(deps: AppDeps): Record<string, MomoPurposeHandler> {
  const billing = billingMomoPurpose(deps);
  return { gift_card: giftCardPurpose(deps), plan: billing, storage: billing };
}

/**
 * The one mobile-money context of an app: the routes, the reconciliation task and the features that start payments
 * share its provider (MOMO_PROVIDER, or `deps.momo` — tests: an MTN provider pointed at a local fake API).
 */
export function momoContext(deps: AppDeps): MomoCtx {
  let ctx = contexts.get(deps);
  if (!ctx) {
    ctx = {
      db: deps.database.db,
      provider: deps.momo ?? createMomoProvider(deps.config.momo, deps.database.db),
      clock: deps.clock,
      logger: deps.logger,
      publicUrl: deps.config.publicUrl,
      purposes: purposes(deps),
    };
    contexts.set(deps, ctx);
  }
  return ctx;
}
