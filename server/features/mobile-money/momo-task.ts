import { and, asc, eq, isNull, lt, lte, or } from "drizzle-orm";
import { momoPayments } from "@shared/schema";
import type { Task } from "../../lib/jobs/scheduler";
import { checkMomoPayment, MOMO_CHECK_INTERVAL_MS, type MomoCtx } from "./momo.service";

/** Pending payments asked about per round; a tick goes round until none is left to ask about. */
const BATCH = 100;

/**
 * Reconciliation (contract: background work includes payment reconciliation): every pending payment not asked
 * about in the last MOMO_CHECK_INTERVAL_MS, or past its timeout, is asked about once per tick — paid, declined or, past its timeout,
 * expired — so a lost callback, a server that was down, or a payer who never answered all end in a final state.
 */
export function momoReconcileTask(ctx: MomoCtx): Task {
  return {
    name: "momo-reconcile",
    async run(signal) {
      let handled = 0;
      const seen = new Set<string>();
      for (;;) {
        if (signal.aborted) return handled;
        const now = ctx.clock.now();
        const cutoff = new Date(now.getTime() - MOMO_CHECK_INTERVAL_MS);
        const due = await ctx.db
          .select({ reference: momoPayments.reference })
          .from(momoPayments)
          .where(
            and(
              eq(momoPayments.status, "pending"),
              or(
                isNull(momoPayments.lastCheckedAt),
                lt(momoPayments.lastCheckedAt, cutoff),
                lte(momoPayments.expiresAt, now),
              ),
            ),
          )
          .orderBy(asc(momoPayments.expiresAt))
          .limit(BATCH);
        const fresh = due.filter((d) => !seen.has(d.reference));
        for (const { reference } of fresh) {
          if (signal.aborted) return handled;
          seen.add(reference);
          await checkMomoPayment(ctx, reference);
          handled += 1;
        }
        if (fresh.length === 0 || due.length < BATCH) return handled;
      }
    },
  };
}
