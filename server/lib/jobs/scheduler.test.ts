import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger";
import { createScheduler, type Task } from "./scheduler";

const logger = createLogger("silent");

/** A task whose runs wait for the test to let them finish, counting starts. */
function gatedTask(name: string) {
  let starts = 0;
  let open: (() => void) | undefined;
  const task: Task = {
    name,
    run: () =>
      new Promise<number>((resolve) => {
        starts += 1;
        open = () => resolve(1);
      }),
  };
  return {
    task,
    starts: () => starts,
    finish: async () => {
      await vi.waitFor(() => expect(open).toBeDefined());
      const f = open;
      open = undefined;
      f?.();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the job runner", () => {
  it("runs every task at start-up, then once per interval", async () => {
    vi.useFakeTimers();
    const runs: string[] = [];
    const scheduler = createScheduler({
      logger,
      intervalMs: 60_000,
      tasks: ["a", "b"].map((name) => ({ name, run: async () => (runs.push(name), 0) })),
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(["a", "b"]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(["a", "b", "a", "b"]);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toHaveLength(4);
  });

  it("never overlaps a task with itself; a kick during a run makes it go round once more", async () => {
    const gate = gatedTask("fire");
    const scheduler = createScheduler({ logger, intervalMs: 3_600_000, tasks: [gate.task] });
    const runner = scheduler.runner("fire");
    runner.kick();
    runner.kick();
    runner.kick();
    expect(gate.starts()).toBe(1);
    await gate.finish();
    await vi.waitFor(() => expect(gate.starts()).toBe(2));
    await gate.finish();
    await scheduler.stop();
    expect(gate.starts()).toBe(2);
  });

  it("logs a task that throws and runs it again at the next tick", async () => {
    let calls = 0;
    const warn = vi.spyOn(logger, "warn");
    const scheduler = createScheduler({
      logger,
      intervalMs: 3_600_000,
      tasks: [
        {
          name: "flaky",
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error("database went away");
            return 3;
          },
        },
      ],
    });
    expect(await scheduler.tick()).toEqual({ flaky: 0 });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ task: "flaky", err: { message: "database went away" } }),
      expect.any(String),
    );
    expect(await scheduler.tick()).toEqual({ flaky: 3 });
  });

  it("waits for a run in progress before a tick, so the tick sees the caller's change", async () => {
    const gate = gatedTask("fire");
    const scheduler = createScheduler({ logger, intervalMs: 3_600_000, tasks: [gate.task] });
    scheduler.runner("fire").kick();
    const tick = scheduler.tick();
    expect(gate.starts()).toBe(1);
    await gate.finish();
    await vi.waitFor(() => expect(gate.starts()).toBe(2));
    await gate.finish();
    expect(await tick).toEqual({ fire: 1 });
  });

  it("aborts the runs in progress at stop and waits for them to end", async () => {
    let sawAbort = false;
    const scheduler = createScheduler({
      logger,
      intervalMs: 3_600_000,
      tasks: [
        {
          name: "long",
          run: (signal) =>
            new Promise<number>((resolve) =>
              signal.addEventListener("abort", () => {
                sawAbort = true;
                resolve(0);
              }),
            ),
        },
      ],
    });
    scheduler.start();
    await scheduler.stop();
    expect(sawAbort).toBe(true);
  });
});
