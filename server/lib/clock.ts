/** Every "now" in the server comes from here so tests can move time (sessions, tokens, triggers). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function createFakeClock(start = new Date("2026-01-01T00:00:00Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(date: Date) {
      current = date.getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}
