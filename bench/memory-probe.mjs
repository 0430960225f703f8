// Preloaded into the server by bench/restore.ts (node --import): the process's memory as V8 and Node see it, sampled
// every 5 ms without touching the app. SIGUSR2 appends one JSON line of the peaks since the previous SIGUSR2 to
// MEMORY_PROBE_OUT and starts a new window. A sample cannot run inside one long synchronous call (JSON.parse of a
// large text), but what such a call allocates is still live when it returns, where the next sample sees it.
// Plain JavaScript so it loads in front of the compiled bundle.
import { appendFileSync } from "node:fs";
import { setInterval } from "node:timers";

const out = process.env.MEMORY_PROBE_OUT;
if (out) {
  const MB = 2 ** 20;
  const fresh = () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external + m.arrayBuffers };
  };
  let start = fresh();
  let peak = { ...start };
  const sample = () => {
    const now = fresh();
    for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], now[key]);
    return now;
  };
  setInterval(sample, 5).unref();
  process.on("SIGUSR2", () => {
    const end = sample();
    const mb = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round((v / MB) * 10) / 10]));
    appendFileSync(out, `${JSON.stringify({ start: mb(start), peak: mb(peak), end: mb(end) })}\n`);
    start = end;
    peak = { ...end };
  });
}
