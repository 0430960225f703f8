import type { Task } from "../jobs/scheduler";
import { deliverDueMessages, DELIVERY_POLICY, pruneSettledMessages, type OutboxDeliveryDeps } from "./deliver";

/** The scheduler's name for message delivery: `deps.outbox.kick()` wakes this task after a commit that queued mail. */
export const OUTBOX_TASK = "outbox";
/** Batches one run may deliver before yielding to the next tick (so a backlog cannot monopolise the process). */
const MAX_BATCHES_PER_RUN = 50;
/** Old settled messages are deleted about hourly. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Message delivery as a background task: every due message (new ones, and retries whose back-off has run out) in
 * batches of one claim statement each, and about hourly the prune of old settled messages. It runs at start-up, every
 * SCHEDULER_INTERVAL_SECONDS (which bounds how late a retry can be) and whenever a commit queued a message
 * (`deps.outbox.kick`), so mail leaves at once. Claims skip each other's rows, so any number of processes may run it.
 */
export function outboxTask(deps: OutboxDeliveryDeps): Task {
  let prunedAt: number | undefined;
  return {
    name: OUTBOX_TASK,
    async run(signal) {
      const now = deps.clock.now().getTime();
      if (prunedAt === undefined || now - prunedAt >= PRUNE_INTERVAL_MS) {
        prunedAt = now;
        await pruneSettledMessages(deps.database.db, deps.clock.now());
      }
      let handled = 0;
      for (let i = 0; i < MAX_BATCHES_PER_RUN && !signal.aborted; i += 1) {
        const r = await deliverDueMessages(deps);
        handled += r.claimed;
        if (r.claimed < DELIVERY_POLICY.defaultBatch) break;
      }
      return handled;
    },
  };
}
