/**
 * npm run bench:load — REL-06 of the security plan: the built server under 50 connections on loopback, on sign-in,
 * a list and a download at once. Two phases per engine: a sign-in storm (50 connections of correct-password
 * logins: every one an argon2id verify, so the hash's memory must stay bounded by its thread pool), then 30 s of
 * the three mixed (10 + 20 + 20 connections). Figures: answers by status (no 5xx, no socket error), p99 per
 * route, the server's event-loop delay and RSS, read inside the server by bench/load-probe.mjs.
 * Prints a markdown section, or writes it to BENCH_MARKDOWN_OUT; verdicts go to BENCH_JSON_OUT.
 */
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { rawUpload } from "../server/test/raw-upload";
import {
  call,
  cannon,
  createSite,
  benchEachEngine,
  fmt,
  registerUser,
  withServer,
  type CannonFigures,
  type Engine,
  type Verdict,
} from "./api";

const PASSWORD = "Kente-Cloth-2026";
const STORM_SECONDS = Number(process.env.BENCH_LOAD_STORM ?? 10);
const MIXED_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const FILES = 20;
const FILE_BYTES = 256 * 1024;
/** Targets, set before the first run: the plan's lag bound, and p99 bounds a person would still call responsive. */
const TARGET = {
  lagP99Ms: 100,
  /** argon2id m=19 MiB on libuv's 4 threads: ~76 MiB of hashes at once, whatever the number of connections. */
  stormRssGrowthMb: 128,
  mixedRssGrowthMb: 64,
  p99Ms: { login: 2000, list: 500, download: 1000 },
};
const PROBE = path.resolve(import.meta.dirname, "load-probe.mjs");

type Window = {
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
};

function fiveHundreds(f: CannonFigures): number {
  return Object.entries(f.statuses)
    .filter(([code]) => code.startsWith("5"))
    .reduce((n, [, count]) => n + count, 0);
}

const statusList = (f: CannonFigures) =>
  Object.entries(f.statuses)
    .map(([code, n]) => `${code}: ${fmt(n)}`)
    .join(", ");

async function benchEngine(engine: Engine): Promise<{ markdown: string; verdicts: Verdict[] }> {
  const site = await createSite(engine);
  const probeOut = path.join(os.tmpdir(), `hl-load-probe-${process.pid}-${Date.now()}.jsonl`);
  process.env.LOAD_PROBE_OUT = probeOut;
  try {
    const user = await withServer(site, (s) => registerUser(s.baseUrl, "load"));
    // BENCH_LOAD_CPU_PROFILE=<dir> writes the server's V8 CPU profile there, to see where the time goes.
    const profile = process.env.BENCH_LOAD_CPU_PROFILE;
    const server = await site.start([
      "--import",
      PROBE,
      ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : []),
    ]);
    try {
      const port = Number(new URL(server.baseUrl).port);
      let assetId = 0;
      for (let i = 0; i < FILES; i += 1) {
        const res = await rawUpload({ port, cookie: user.cookie, fileName: `deed-${i}.pdf`, size: FILE_BYTES });
        if (!("status" in res) || res.status !== 201) throw new Error(`upload failed: ${JSON.stringify(res)}`);
        assetId = (JSON.parse(res.body) as { id: number }[])[0].id;
      }
      const me = await call(server.baseUrl, user.cookie, "GET", "/api/user");
      if (me.status !== 200) throw new Error(`session lost: ${me.status}`);
      const url = (p: string) => `${server.baseUrl}${p}`;
      const login = { method: "POST", body: { email: user.email, password: PASSWORD }, allowNon2xx: true };
      const routes = {
        login: () => url("/api/login"),
        list: () => url("/api/assets?limit=50"),
        download: () => url(`/api/assets/${assetId}/download`),
      };
      // Warm-up (JIT, pools), not counted.
      await cannon(routes.list(), user.cookie, { duration: 2, allowNon2xx: true });
      await cannon(routes.login(), "", { ...login, duration: 2 });
      const mark = () => server.process.kill("SIGUSR2");
      const windows = async (): Promise<Window[]> => {
        await new Promise((r) => setTimeout(r, 300));
        return readFileSync(probeOut, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Window);
      };
      mark(); // start of the storm window

      const storm = await cannon(routes.login(), "", { ...login, duration: STORM_SECONDS, connections: 50 });
      mark();
      const [login10, list20, download20] = await Promise.all([
        cannon(routes.login(), "", { ...login, duration: MIXED_SECONDS, connections: 10 }),
        cannon(routes.list(), user.cookie, { duration: MIXED_SECONDS, connections: 20, allowNon2xx: true }),
        cannon(routes.download(), user.cookie, { duration: MIXED_SECONDS, connections: 20, allowNon2xx: true }),
      ]);
      mark();
      const w = await windows();
      const [stormW, mixedW] = [w[w.length - 2], w[w.length - 1]];
      const mixed = { login: login10, list: list20, download: download20 };

      const verdicts: Verdict[] = [];
      const verdict = (what: string, figure: string, target: string, met: boolean) => {
        verdicts.push({ bench: "load", what: `${engine.label}: ${what}`, figure, target, met, mode: engine.mode });
        return met ? "met" : "**not met**";
      };
      const all = [storm, login10, list20, download20];
      const errors = all.reduce((n, f) => n + fiveHundreds(f), 0);
      const lines = [
        `### ${engine.label}`,
        "",
        "| phase, route | connections | requests | req/s | p50 | p99 (target) | answers |",
        "|---|---|---|---|---|---|---|",
        `| storm: POST /api/login | 50 | ${fmt(storm.requests)} | ${fmt(storm.rps)} | ${storm.p50} ms | ${storm.p99} ms | ${statusList(storm)} |`,
        ...(["login", "list", "download"] as const).map((k) => {
          const f = mixed[k];
          const label = {
            login: "POST /api/login",
            list: "GET /api/assets?limit=50",
            download: "GET /api/assets/:id/download (256 KiB)",
          }[k];
          const met = f.p99 <= TARGET.p99Ms[k];
          verdict(`mixed ${label} p99`, `${f.p99} ms`, `≤ ${TARGET.p99Ms[k]} ms`, met);
          return `| mixed: ${label} | ${k === "login" ? 10 : 20} | ${fmt(f.requests)} | ${fmt(f.rps)} | ${f.p50} ms | ${f.p99} ms (≤ ${TARGET.p99Ms[k]}) ${met ? "met" : "**not met**"} | ${statusList(f)} |`;
        }),
        "",
        "| figure (server process) | storm | mixed | target | verdict |",
        "|---|---|---|---|---|",
        `| 5xx answers and socket errors | ${fiveHundreds(storm)} | ${fiveHundreds(login10) + fiveHundreds(list20) + fiveHundreds(download20)} | 0 | ${verdict("5xx answers, both phases", String(errors), "0", errors === 0)} |`,
        `| event-loop delay p50 / p99 / max | ${stormW.lagP50Ms} / ${stormW.lagP99Ms} / ${stormW.lagMaxMs} ms | ${mixedW.lagP50Ms} / ${mixedW.lagP99Ms} / ${mixedW.lagMaxMs} ms | p99 < ${TARGET.lagP99Ms} ms | ${verdict("event-loop delay p99 (worse phase)", `${Math.max(stormW.lagP99Ms, mixedW.lagP99Ms)} ms`, `< ${TARGET.lagP99Ms} ms`, Math.max(stormW.lagP99Ms, mixedW.lagP99Ms) < TARGET.lagP99Ms)} |`,
        `| RSS start → peak → end | ${stormW.rssStartMb.toFixed(0)} → ${stormW.rssPeakMb.toFixed(0)} → ${stormW.rssEndMb.toFixed(0)} MB | ${mixedW.rssStartMb.toFixed(0)} → ${mixedW.rssPeakMb.toFixed(0)} → ${mixedW.rssEndMb.toFixed(0)} MB | | |`,
        `| sign-in storm: RSS growth (argon2 bounded) | ${(stormW.rssPeakMb - stormW.rssStartMb).toFixed(0)} MB | | < ${TARGET.stormRssGrowthMb} MB | ${verdict("sign-in storm RSS growth", `${(stormW.rssPeakMb - stormW.rssStartMb).toFixed(0)} MB`, `< ${TARGET.stormRssGrowthMb} MB`, stormW.rssPeakMb - stormW.rssStartMb < TARGET.stormRssGrowthMb)} |`,
        `| mixed: RSS growth (stable) | | ${(mixedW.rssPeakMb - mixedW.rssStartMb).toFixed(0)} MB | < ${TARGET.mixedRssGrowthMb} MB | ${verdict("mixed RSS growth", `${(mixedW.rssPeakMb - mixedW.rssStartMb).toFixed(0)} MB`, `< ${TARGET.mixedRssGrowthMb} MB`, mixedW.rssPeakMb - mixedW.rssStartMb < TARGET.mixedRssGrowthMb)} |`,
      ];
      return { markdown: lines.join("\n"), verdicts };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(probeOut, { force: true });
    await site.dispose();
  }
}

async function main() {
  const intro = [
    "## Load: sign-in, list and download at once (bench/load.ts, SECURITY-PLAN REL-06)",
    "",
    `The server bundle as \`npm start\` runs it, with ${FILES} uploaded files of ${FILE_BYTES / 1024} KiB; autocannon in`,
    `other processes on loopback. Storm: ${STORM_SECONDS} s of 50 connections posting a correct password (each an`,
    `argon2id verify, m = 19 MiB). Mixed: ${MIXED_SECONDS} s of 10 connections signing in, 20 listing and 20`,
    "downloading, all at once. Event-loop delay and RSS are sampled inside the server (bench/load-probe.mjs).",
  ];
  await benchEachEngine(benchEngine, intro);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
