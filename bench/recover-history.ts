/**
 * One-off, run on 2026-11-25 and kept so the record can be checked: rebuilds docs/bench-history.json from what the
 * repository kept of earlier benchmark runs, then re-renders docs/BENCHMARKS.md from its last run (2026-11-23 19:15)
 * without rerunning anything.
 *
 * Sources: every committed version of docs/BENCHMARKS.md (each `npm run bench` report: its verdict table, which parts
 * it measured and which it reused), of docs/bench-assets.md and docs/bench-export.md (the standalone runs of those
 * benches), and the closing notes of earlier sessions for runs the repository never kept. Corrections made on the way:
 * - the export's memory figure on the embedded engine in process mode counts the database process (146 MB server +
 *   781 MB database process = 927 MB, against < 150 MB: not met; it had been reported as 146 MB, met);
 * - every figure says where its database ran: assets always ran PGlite inside the bench process (inline); the server
 *   benches ran inline until the database process landed (commit 99728c5, 2026-11-23 18:26) and in process mode after.
 *
 * Run: npx tsx bench/recover-history.ts (from a clone with the full git history).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DatabaseMode, Verdict } from "./api";
import { modeOf, saveHistory, type History, type Measurement, type Run } from "./history";
import { PARTS, report, targetsIn, type Outcome } from "./run-all";

const ROOT = path.resolve(import.meta.dirname, "..");
const REPORT = path.join(ROOT, "docs/BENCHMARKS.md");
/** When the embedded engine moved into its own process (commit 99728c5): the default mode before it was inline. */
const PROCESS_MODE_FROM = "2026-11-23 18:26 UTC";

const show = (commit: string, file: string) => execFileSync("git", ["show", `${commit}:${file}`], { encoding: "utf8" });

/** The verdict table of a committed report: | part | figure | value | target | verdict |. */
function verdictTable(commit: string): Verdict[] {
  return show(commit, "docs/BENCHMARKS.md")
    .split("\n")
    .map((line) => line.split("|").map((c) => c.trim()))
    .filter((c) => c.length === 7 && /^(assets|export|api|scale|load|lighthouse)$/.test(c[1]))
    .map(([, bench, what, figure, target, verdict]) => ({
      bench,
      what,
      figure,
      target,
      met: verdict === "met",
    }));
}

/** Each figure's database: named by the figure, or (server benches) the default of the day it was measured. */
function withModes(verdicts: Verdict[], measuredAt: string): Verdict[] {
  return verdicts.map((v) => {
    let mode: DatabaseMode | undefined = modeOf(v);
    if (!mode && v.bench === "assets") mode = "inline"; // the app and PGlite in the bench's own process
    if (!mode) mode = measuredAt < PROCESS_MODE_FROM ? "inline" : "process";
    return { ...v, mode };
  });
}

const machines: Record<string, string> = {
  xeon: "nproc 2, Intel(R) Xeon(R) Processor, Node v20.20.2",
  epyc: "nproc 2, AMD EPYC, Node v20.20.2",
};

type RunSource = {
  commit: string;
  startedAt: string;
  machine: string;
  measured: string[];
  /** Parts the run reused, with when they were measured. */
  reused: Record<string, string>;
};

/** The committed reports of `npm run bench` (503630d is an earlier write of the 01:47 run, superseded by 0a8722d). */
const RUNS: RunSource[] = [
  {
    commit: "0a8722d",
    startedAt: "2026-11-22 01:47 UTC",
    machine: machines.xeon,
    measured: ["api", "scale", "lighthouse"],
    reused: { assets: "2026-11-22 01:21 UTC", export: "2026-11-22 01:28 UTC" },
  },
  {
    commit: "a981b0f",
    startedAt: "2026-11-22 04:20 UTC",
    machine: machines.epyc,
    measured: ["api", "lighthouse"],
    // its report dated the export "02:23" from the file's time stamp; the figures are session 1's of 01:28
    reused: { assets: "2026-11-22 04:01 UTC", export: "2026-11-22 01:28 UTC", scale: "2026-11-22 04:09 UTC" },
  },
  {
    commit: "d5cee4f",
    startedAt: "2026-11-23 17:18 UTC",
    machine: machines.epyc,
    measured: ["assets", "export", "api", "scale", "load", "lighthouse"],
    reused: {},
  },
  {
    commit: "2ac2627",
    startedAt: "2026-11-23 18:58 UTC",
    machine: machines.epyc,
    measured: ["assets", "api", "scale", "load", "lighthouse"],
    reused: { export: "2026-11-23 18:36 UTC" },
  },
  {
    commit: "b21e2bf",
    startedAt: "2026-11-23 19:15 UTC",
    machine: machines.epyc,
    measured: ["load"],
    reused: {
      assets: "2026-11-23 18:58 UTC",
      export: "2026-11-23 18:36 UTC",
      api: "2026-11-23 18:58 UTC",
      scale: "2026-11-23 18:58 UTC",
      lighthouse: "2026-11-23 18:58 UTC",
    },
  },
];

function recover(): History {
  const measurements: Measurement[] = [];
  const add = (m: Measurement) => measurements.push({ ...m, verdicts: withModes(m.verdicts, m.measuredAt) });

  // Standalone runs of bench:assets and bench:export, as their docs files recorded them.
  const fileRuns = [
    ["assets", "abd9faa", "2026-11-22 00:42 UTC", machines.xeon],
    ["assets", "a8525e5", "2026-11-22 00:54 UTC", machines.xeon],
    ["export", "a8525e5", "2026-11-22 00:54 UTC", machines.xeon],
  ] as const;
  for (const [part, commit, at, machine] of fileRuns) {
    add({
      part,
      measuredAt: at,
      recordedIn: `docs/bench-${part}.md at ${commit}`,
      machine,
      verdicts: targetsIn(part, show(commit, `docs/bench-${part}.md`)),
      note: "time of the commit that recorded it",
    });
  }
  // Standalone runs whose figures a later report carried as reused parts.
  const carried = [
    ["assets", "2026-11-22 01:21 UTC", "0a8722d", "docs/bench-assets.md at 497fa43", machines.xeon],
    ["export", "2026-11-22 01:28 UTC", "0a8722d", "docs/bench-export.md at 497fa43", machines.xeon],
    ["assets", "2026-11-22 04:01 UTC", "a981b0f", "docs/bench-assets.md at a981b0f", machines.epyc],
    ["scale", "2026-11-22 04:09 UTC", "a981b0f", "bench:scale, carried by the report at a981b0f", machines.epyc],
  ] as const;
  for (const [part, at, commit, recordedIn, machine] of carried) {
    add({ part, measuredAt: at, recordedIn, machine, verdicts: verdictTable(commit).filter((v) => v.bench === part) });
  }
  // The export of 2026-11-23 18:36, with its memory figure counting the database process (docs/bench-export.md).
  add({
    part: "export",
    measuredAt: "2026-11-23 18:36 UTC",
    recordedIn: "docs/bench-export.md at 4bd9e5f",
    machine: machines.epyc,
    verdicts: targetsIn("export", readFileSync(path.join(ROOT, "docs/bench-export.md"), "utf8")),
    note: "memory figure recomputed 2026-11-25: server 146 MB + database process 781 MB (reported then as 146 MB, met)",
  });
  // What each run of npm run bench measured itself.
  for (const run of RUNS) {
    const table = verdictTable(run.commit);
    for (const part of run.measured) {
      add({
        part,
        measuredAt: run.startedAt,
        recordedIn: `npm run bench of ${run.startedAt} (docs/BENCHMARKS.md at ${run.commit})`,
        machine: run.machine,
        verdicts: table.filter((v) => v.bench === part),
      });
    }
  }
  // Runs the repository never kept, as the closing notes give them.
  add({
    part: "assets",
    measuredAt: "2026-11-22 (session 1)",
    recordedIn: "closing note of stop 8",
    verdicts: [
      {
        bench: "assets",
        what: "embedded (PGlite): GET /api/assets?limit=50 ÷ /api/health, p50, runs under the session's load",
        figure: "2.07–3.56×",
        target: "≤ 2×",
        met: false,
      },
    ],
    note: "several runs not kept; the note gives the range only",
  });

  const runs: Run[] = RUNS.map((r) => ({
    startedAt: r.startedAt,
    machine: r.machine,
    recordedIn: `docs/BENCHMARKS.md at ${r.commit}`,
    parts: PARTS.map((p) =>
      r.measured.includes(p.id)
        ? { part: p.id, status: "measured" as const }
        : r.reused[p.id]
          ? { part: p.id, status: "reused" as const, measuredAt: r.reused[p.id] }
          : { part: p.id, status: "not run" as const, reason: "not part of the runner yet" },
    ),
  }));
  return { measurements, runs };
}

/** The last report's sections, in PARTS order, with the reuse markers rewritten and embedded modes named. */
function sectionsOf(markdown: string): string[] {
  const pieces = markdown.split(/\n(?=## )/);
  const start = pieces.findIndex((p) => p.startsWith("## Summary")) + 1;
  const end = pieces.findIndex((p) => p.startsWith("## History"));
  return pieces.slice(start, end < 0 ? undefined : end).map((p) => p.trim() + "\n");
}

/** A part's time in the last report's summary table ("| <title> | 112 s | …"). */
function secondsOf(markdown: string, title: string): number {
  const row = markdown.split("\n").find((l) => l.startsWith(`| ${title} |`));
  return Number(/\| (\d+) s \|/.exec(row ?? "")?.[1] ?? 0);
}

function main() {
  const history = recover();
  saveHistory(history);
  const current = readFileSync(REPORT, "utf8");
  const header = current
    .split("\n")
    .filter((l) => /^- (Date|Machine|Node|Load average)/.test(l))
    .concat(
      "- Re-rendered on 2026-11-25 from this run's figures, no benchmark rerun: the export's memory figure now counts the " +
        "embedded database process, every figure names where its database ran, and the history below was recovered " +
        "from the repository (bench/recover-history.ts).",
    )
    .join("\n");
  const last = history.runs.at(-1);
  if (!last) throw new Error("no run");
  const sections = sectionsOf(current);
  const outcomes: Outcome[] = PARTS.map((part, i) => {
    const entry = last.parts.find((p) => p.part === part.id);
    const measuredAt = entry?.status === "reused" ? entry.measuredAt : last.startedAt;
    const measurement = history.measurements.find((m) => m.part === part.id && m.measuredAt === measuredAt);
    if (!measurement) throw new Error(`no measurement of ${part.id} at ${measuredAt}`);
    let markdown =
      part.docsFile !== undefined
        ? readFileSync(path.join(ROOT, part.docsFile), "utf8").replace(/^# /m, "## ")
        : sections[i].replace(/^_Not rerun by this run:.*_\n\n/m, "");
    markdown = markdown
      .replace(/^_Not rerun by this run:.*_\n\n/m, "")
      .replace(
        /^### embedded \(PGlite\)$/gm,
        `### embedded (PGlite, ${measuredAt && measuredAt < "2026-11-23 18:26 UTC" ? "inline" : "process"} mode)`,
      );
    if (entry?.status === "reused")
      markdown = markdown.replace(/^(## .*)$/m, `$1\n\n_Reused, not rerun by this run: measured ${measuredAt}._`);
    return {
      part,
      seconds: entry?.status === "measured" ? secondsOf(current, part.title) : 0,
      markdown,
      verdicts: measurement.verdicts,
      measuredAt,
      reused: entry?.status === "reused",
    };
  });
  writeFileSync(REPORT, report(header, outcomes, history));
}

main();
