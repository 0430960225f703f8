import { describe, expect, it, vi } from "vitest";
import { concurrencyLimit, QueueFullError } from "./concurrency-limit";

/** A task that runs until released, recording how many of its kind were running when it started. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { done, release };
}

describe("concurrencyLimit", () => {
  it("runs at most `max` tasks at once, the rest in arrival order, and hands slots on as tasks end", async () => {
    const limit = concurrencyLimit(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const results = gates.map((g, i) =>
      limit(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await g.done;
        running -= 1;
        return i * 10;
      }),
    );
    await vi.waitFor(() => expect(started).toEqual([0, 1]));
    expect([limit.active, limit.waiting]).toEqual([2, 3]);
    gates[1].release();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    gates[0].release();
    gates[2].release();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3, 4]));
    gates[3].release();
    gates[4].release();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(peak).toBe(2);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it("frees the slot of a task that fails, and passes its error on", async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limit(async () => "next")).toBe("next");
    expect(limit.active).toBe(0);
  });

  it("refuses a task at once when maxWaiting tasks already wait, and queues again once one has started", async () => {
    const limit = concurrencyLimit(1, { maxWaiting: 2 });
    const gates = Array.from({ length: 3 }, gate);
    const results = gates.map((g, i) => limit(() => g.done.then(() => i)));
    expect([limit.active, limit.waiting]).toEqual([1, 2]);
    await expect(limit(async () => "late")).rejects.toBeInstanceOf(QueueFullError);
    gates[0].release();
    await vi.waitFor(() => expect(limit.waiting).toBe(1));
    const accepted = limit(async () => "queued");
    expect(limit.waiting).toBe(2);
    gates[1].release();
    gates[2].release();
    expect(await Promise.all([...results, accepted])).toEqual([0, 1, 2, "queued"]);
  });

  it("refuses a limit that is not a positive integer", () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => concurrencyLimit(bad)).toThrow();
  });
});
