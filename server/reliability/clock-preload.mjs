// Preloaded into a spawned server by the reliability tests (node --import, server/reliability/test-clock.ts): the
// process's wall clock becomes an input of the test, as the fake clock is for in-process tests. Every `Date.now()`
// and `new Date()` of the process reads real time plus an offset; the offset starts at HEIRLOOM_TEST_CLOCK_OFFSET_MS
// and moves when the test sends { type: "heirloom:clock", offsetMs } over the IPC channel, answered with
// { type: "heirloom:clock-set", offsetMs } once every later reading sees it. Timers (the scheduler's interval) keep
// real time. The bundle itself is untouched: this is the test's `libfaketime`, never part of `npm start`.
// Plain JavaScript so it loads in front of the compiled bundle.

const initial = process.env.HEIRLOOM_TEST_CLOCK_OFFSET_MS;
if (initial !== undefined && process.send) {
  // Processes the server starts (the embedded database) keep real time.
  delete process.env.HEIRLOOM_TEST_CLOCK_OFFSET_MS;
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let offsetMs = Number(initial) || 0;
  const now = () => realNow() + offsetMs;

  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget);
    },
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, property, receiver) {
      return property === "now" ? now : Reflect.get(target, property, receiver);
    },
  });

  process.on("message", (message) => {
    if (message && message.type === "heirloom:clock" && Number.isFinite(message.offsetMs)) {
      offsetMs = message.offsetMs;
      process.send({ type: "heirloom:clock-set", offsetMs });
    }
  });
  // The channel must not keep a server alive that is otherwise done (its shutdown exits on its own anyway).
  process.channel?.unref();
}
