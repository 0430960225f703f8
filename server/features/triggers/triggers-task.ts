import type { AppDeps } from "../../deps";
import type { Task } from "../../lib/jobs/scheduler";
import { fireDueTriggers } from "./fire";
import { TRIGGERS_TASK } from "./triggers.service";
import { sendDueWarnings } from "./warnings";

/** Rows per transaction: big enough that 10 000 due triggers are a handful of statements, small enough to stay short. */
export const TRIGGER_BATCH = 500;

/**
 * The scheduler's trigger work (docs/design/release-engine.md): due warnings, then due firings, batch after batch
 * until none is left. Due rows are found by the indexed `next_event_at`; every move is a conditional update, so any
 * number of processes may run it at once, and a run that failed is simply run again.
 */
export function triggersTask(deps: AppDeps): Task {
  return {
    name: TRIGGERS_TASK,
    async run(signal) {
      let handled = 0;
      for (;;) {
        const now = deps.clock.now();
        const warned = await sendDueWarnings(deps, now, TRIGGER_BATCH);
        const fired = await fireDueTriggers(deps, now, TRIGGER_BATCH);
        handled += warned + fired;
        if ((warned < TRIGGER_BATCH && fired < TRIGGER_BATCH) || signal.aborted) return handled;
      }
    },
  };
}
