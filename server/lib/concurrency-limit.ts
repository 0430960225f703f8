/** Thrown instead of queueing when `maxWaiting` tasks already wait: the caller answers "busy" at once. */
export class QueueFullError extends Error {
  constructor() {
    super("too many tasks waiting");
    this.name = "QueueFullError";
  }
}

/**
 * Runs at most `max` of the given tasks at once; the rest wait in arrival order, at most `maxWaiting` of them (a
 * bounded queue: past it a task is refused with QueueFullError instead of waiting behind work it will time out on).
 * A finished task hands its slot straight to the next waiting one, so the limit holds however promises interleave.
 */
export function concurrencyLimit(max: number, opts: { maxWaiting?: number } = {}) {
  if (!Number.isInteger(max) || max < 1) throw new Error("concurrencyLimit needs a positive integer");
  let maxWaiting = opts.maxWaiting ?? Number.POSITIVE_INFINITY;
  let active = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    else if (waiting.length >= maxWaiting) throw new QueueFullError();
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
    maxWaiting: {
      get: () => maxWaiting,
      set: (value: number) => {
        if (!(value >= 0)) throw new Error("maxWaiting must be 0 or more");
        maxWaiting = value;
      },
    },
  }) as typeof run & { readonly active: number; readonly waiting: number; maxWaiting: number };
}
