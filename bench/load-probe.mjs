// Preloaded into the server by bench/load.ts (node --import): event-loop delay and RSS, measured inside the
// process without touching the app. SIGUSR2 appends one JSON line of the figures since the previous SIGUSR2 to
// LOAD_PROBE_OUT and starts a new window. Plain JavaScript so it loads in front of the compiled bundle.
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setInterval } from "node:timers";

const out = process.env.LOAD_PROBE_OUT;
if (out) {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let rssStart = process.memoryUsage.rss();
  let rssPeak = rssStart;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 100);
  sampler.unref();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on("SIGUSR2", () => {
    const rssEnd = process.memoryUsage.rss();
    rssPeak = Math.max(rssPeak, rssEnd);
    const window = {
      lagP50Ms: ms(lag.percentile(50)),
      lagP99Ms: ms(lag.percentile(99)),
      lagMaxMs: ms(lag.max),
      rssStartMb: rssStart / 2 ** 20,
      rssPeakMb: rssPeak / 2 ** 20,
      rssEndMb: rssEnd / 2 ** 20,
    };
    appendFileSync(out, `${JSON.stringify(window)}\n`);
    lag.reset();
    rssStart = rssEnd;
    rssPeak = rssEnd;
  });
}
