import { deliverDueMessages, DELIVERY_POLICY, pruneSettledMessages, type OutboxDeliveryDeps } from "./deliver";

/** The worker's own tick until issue 14's job runner (SCHEDULER_INTERVAL_SECONDS) takes deliverDueMessages over. */
export const OUTBOX_INTERVAL_MS = 5_000;
/** Batches one run may deliver before yielding to the next tick (so a backlog cannot monopolise the process). */
const MAX_BATCHES_PER_RUN = 50;
/** At shutdown, how long to wait for the run in progress. */
const STOP_WAIT_MS = 10_000;
/** Old settled messages are deleted about hourly. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export type OutboxRunner = {
  /** Deliver now (after a commit that enqueued); a kick during a run makes the run go round once more. */
  kick(): void;
  start(): void;
  /** Stops the timer and waits (10 s at most) for the run in progress. */
  stop(): Promise<void>;
};

/**
 * Runs the delivery worker in this process: at start, every interval (an unref'd timer) and when kicked; about
 * hourly it also prunes old settled messages. Runs never overlap within the process; other processes may run theirs
 * at the same time (claims skip each other's rows).
 */
export function createOutboxRunner(deps: OutboxDeliveryDeps, opts: { intervalMs?: number } = {}): OutboxRunner {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let prunedAt = 0;

  const drain = async () => {
    const now = deps.clock.now().getTime();
    if (now - prunedAt >= PRUNE_INTERVAL_MS) {
      prunedAt = now;
      await pruneSettledMessages(deps.database.db, deps.clock.now());
    }
    do {
      again = false;
      for (let i = 0; i < MAX_BATCHES_PER_RUN && !stopped; i += 1) {
        const r = await deliverDueMessages(deps);
        if (r.claimed < DELIVERY_POLICY.defaultBatch) break;
      }
    } while (again && !stopped);
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) =>
        deps.logger.warn(
          { err: { message: err instanceof Error ? err.message : String(err) } },
          "outbox delivery run failed; the next tick retries",
        ),
      )
      .finally(() => {
        running = undefined;
      });
  };

  return {
    kick,
    start() {
      timer = setInterval(kick, opts.intervalMs ?? OUTBOX_INTERVAL_MS);
      timer.unref();
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      // A hung mail server must not hold shutdown past its grace period: what is still claimed then goes back to
      // another worker when its lease runs out (receivers dedupe a repeat by Message-ID).
      let giveUp: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        giveUp = setTimeout(resolve, STOP_WAIT_MS);
        giveUp.unref();
      });
      await Promise.race([running, limit]);
      clearTimeout(giveUp);
    },
  };
}
