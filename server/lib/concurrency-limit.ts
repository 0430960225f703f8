/**
 * Runs at most `max` of the given tasks at once; the rest wait in arrival order. A finished task hands its slot
 * straight to the next waiting one, so the limit holds however the promises interleave.
 */
export function concurrencyLimit(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error("concurrencyLimit needs a positive integer");
  let active = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
  // defineProperties, not Object.assign: assign would copy the getters' values once.
  return Object.defineProperties(run, {
    active: { get: () => active },
    waiting: { get: () => waiting.length },
  }) as typeof run & { readonly active: number; readonly waiting: number };
}
