import type { AppDeps } from "../../deps";
import type { Task } from "../../lib/jobs/scheduler";
import { releaseDueDistributions } from "../estate-distribution/distribution-admin";
import { completeWaitingPeriods } from "./lifecycle";
import { sendDueReminders } from "./reminders";

export const DEATH_VERIFICATION_TASK = "death-verifications";
/** Rows per transaction, as for triggers. */
export const DEATH_VERIFICATION_BATCH = 200;

/**
 * The scheduler's death-verification work: due waiting-period reminders, then waiting periods that ended, then the
 * estate distribution steps that came due (delayed kinds, reviewed kinds), batch after batch until none is left. Every move is a conditional update, so any number of processes may run it.
 */
export function deathVerificationTask(deps: AppDeps): Task {
  return {
    name: DEATH_VERIFICATION_TASK,
    async run(signal) {
      let handled = 0;
      for (;;) {
        const now = deps.clock.now();
        const reminded = await sendDueReminders(deps, now, DEATH_VERIFICATION_BATCH);
        const completed = await completeWaitingPeriods(deps, now, DEATH_VERIFICATION_BATCH);
        const distributed = await releaseDueDistributions(deps, now, DEATH_VERIFICATION_BATCH);
        handled += reminded + completed + distributed;
        const more = [reminded, completed, distributed].includes(DEATH_VERIFICATION_BATCH);
        if (!more || signal.aborted) return handled;
      }
    },
  };
}
