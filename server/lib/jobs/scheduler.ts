import type { Logger } from "pino";

/**
 * One piece of background work. `run` finds what is due by an indexed instant and moves it with conditional updates,
 * so it may run in any number of processes at once and run again after a failure: a step already taken is simply not
 * found again. It answers how many items it handled (for logs and for `runUntilIdle`).
 */
export type Task = {
  name: string;
  run(signal: AbortSignal): Promise<number>;
};

export type TaskRunner = {
  name: string;
  /** Run now (after a commit that created due work); a kick during a run makes the run go round once more. */
  kick(): void;
  /** Runs once and waits for it (tests, start-up catch-up). */
  runOnce(): Promise<number>;
};

export type Scheduler = {
  /** Runs every task once (start-up catch-up), then every interval. */
  start(): void;
  /** Stops the timers, aborts the runs in progress and waits for them (at most `stopWaitMs`). */
  stop(): Promise<void>;
  runner(name: string): TaskRunner;
  /** Runs every task once, in order, and waits: what a tick does, for tests with a fake clock. */
  tick(): Promise<Record<string, number>>;
};

const DEFAULT_STOP_WAIT_MS = 10_000;

function describe(err: unknown) {
  return { message: err instanceof Error ? err.message : String(err) };
}

function createTaskRunner(task: Task, logger: Logger, signal: AbortSignal): TaskRunner & { idle(): Promise<void> } {
  let running: Promise<number> | undefined;
  let again = false;

  const loop = async () => {
    let handled = 0;
    do {
      again = false;
      handled += await task.run(signal);
    } while (again && !signal.aborted);
    return handled;
  };

  const start = () => {
    running = loop()
      .catch((err: unknown) => {
        logger.warn({ task: task.name, err: describe(err) }, "background task failed; the next tick retries");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    name: task.name,
    kick() {
      if (signal.aborted) return;
      if (running) {
        again = true;
        return;
      }
      void start();
    },
    async runOnce() {
      // A run already under way may have read the state before the caller's change: wait for it, then run afresh.
      while (running) await running;
      return start();
    },
    async idle() {
      while (running) await running;
    },
  };
}

/**
 * The job runner: background work on the application's own PostgreSQL. Due work lives in the domain rows themselves
 * (an indexed "next event" instant and a status), not in a queue, so firing 10 000 triggers is a handful of set-based
 * statements, and catching up after downtime is the same query as any tick (docs/decisions/007-job-runner.md).
 * Within one process a task never overlaps itself; across processes, conditional updates keep every step single.
 */
export function createScheduler(opts: {
  logger: Logger;
  intervalMs: number;
  tasks: Task[];
  stopWaitMs?: number;
}): Scheduler {
  const controller = new AbortController();
  const runners = opts.tasks.map((task) => createTaskRunner(task, opts.logger, controller.signal));
  let timer: NodeJS.Timeout | undefined;

  const byName = (name: string) => {
    const found = runners.find((r) => r.name === name);
    if (!found) throw new Error(`no background task named ${name}`);
    return found;
  };

  return {
    start() {
      for (const r of runners) r.kick();
      timer = setInterval(() => runners.forEach((r) => r.kick()), opts.intervalMs);
      timer.unref();
    },
    async stop() {
      controller.abort();
      if (timer) clearInterval(timer);
      let giveUp: NodeJS.Timeout | undefined;
      const limit = new Promise<void>((resolve) => {
        giveUp = setTimeout(resolve, opts.stopWaitMs ?? DEFAULT_STOP_WAIT_MS);
        giveUp.unref();
      });
      await Promise.race([Promise.all(runners.map((r) => r.idle())), limit]);
      clearTimeout(giveUp);
    },
    runner: byName,
    async tick() {
      const handled: Record<string, number> = {};
      for (const r of runners) handled[r.name] = await r.runOnce();
      return handled;
    },
  };
}
