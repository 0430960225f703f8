/**
 * npm run bench — every benchmark of the project in sequence, each in its own process with a time limit, and one
 * report: docs/BENCHMARKS.md (machine, date, each figure next to its target, a verdict per target).
 *
 * bench:assets and bench:export write their own docs/bench-*.md; their sections are taken from there (only when
 * the file was rewritten by this run) and their targets read from the figures they print as "x (target ≤ y)".
 * bench/api.ts, bench/scale.ts and bench/lighthouse.ts hand back markdown and verdicts through temp files.
 * A part that fails or runs out of time is reported as "not run: <reason>", and the report is still written.
 *
 * Every measurement is also appended to docs/bench-history.json, never replaced, and the report ends with that history:
 * each run, each part measured (met or missed, and in which database mode), each part reused and from when.
 *
 * BENCH_ONLY=api,scale runs a subset (the other sections are then marked as not run); BENCH_LIMIT_<PART>=seconds
 * changes one part's time limit. BENCH_REUSE=export takes a part's last recorded measurement (its figures from the
 * history, its section from its docs file, both marked with the date it was measured) instead of running it, e.g.
 * while that bench's owner is running it on the same machine.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Verdict } from "./api";
import {
  latestMeasurement,
  loadHistory,
  modeLabel,
  modeOf,
  renderHistory,
  saveHistory,
  stamp,
  type History,
  type Run,
} from "./history";

const ROOT = path.resolve(import.meta.dirname, "..");
const REPORT = path.join(ROOT, "docs/BENCHMARKS.md");
/** Each part's own markdown and verdicts (git-ignored), so BENCH_REUSE can rebuild the report without rerunning it. */
const OUTPUT = path.join(ROOT, "bench-output");

export type Part = {
  id: string;
  title: string;
  command: string[];
  limitSeconds: number;
  /** Where the part leaves its markdown: a docs file it writes itself, or the temp file we hand it. */
  docsFile?: string;
};

export const PARTS: Part[] = [
  {
    id: "assets",
    title: "Uploads, downloads and the file list (npm run bench:assets)",
    command: ["npx", "tsx", "bench/assets.ts"],
    limitSeconds: 300,
    docsFile: "docs/bench-assets.md",
  },
  {
    id: "export",
    title: "ZIP export (npm run bench:export)",
    command: ["npx", "tsx", "bench/export.ts"],
    // Uploads 1 GiB through the real route, then several timed exports: minutes on a two-CPU machine.
    limitSeconds: 540,
    docsFile: "docs/bench-export.md",
  },
  { id: "api", title: "API throughput", command: ["npx", "tsx", "bench/api.ts"], limitSeconds: 360 },
  { id: "scale", title: "Scale: 100 000 assets", command: ["npx", "tsx", "bench/scale.ts"], limitSeconds: 420 },
  // Two engines × (set-up + 10 s storm + 30 s mixed).
  {
    id: "load",
    title: "Load: sign-in, list, download (REL-06)",
    command: ["npx", "tsx", "bench/load.ts"],
    limitSeconds: 300,
  },
  // Per engine: three refusals and one stall of up to 60 s.
  {
    id: "outage",
    title: "Outage: a database that refuses or stalls",
    command: ["npx", "tsx", "bench/outage.ts"],
    limitSeconds: 420,
  },
  {
    id: "restore",
    title: "Restore memory (npm run bench:restore)",
    command: ["npx", "tsx", "bench/restore.ts"],
    // Two engines × (two plans' largest backup.json, refusals, a zip bomb) on a server started per engine.
    limitSeconds: 600,
    docsFile: "docs/bench-restore.md",
  },
  // Per engine: one 50 MB upload, 300 interleaved opens and health checks, 6 + 6 downloads.
  {
    id: "scheduler",
    title: "Release engine (npm run bench:scheduler)",
    command: ["npx", "tsx", "bench/scheduler.ts"],
    limitSeconds: 300,
  },
  {
    id: "lighthouse",
    title: "Front end: Lighthouse",
    command: ["npx", "tsx", "bench/lighthouse.ts"],
    limitSeconds: 300,
  },
];

export type Outcome = {
  part: Part;
  seconds: number;
  markdown: string;
  verdicts: Verdict[];
  notRun?: string;
  /** When its figures were measured; set for a reused part (earlier) and a measured one (this run). */
  measuredAt?: string;
  reused?: boolean;
};

function run(
  command: string[],
  env: Record<string, string>,
  limitSeconds: number,
): Promise<{ code: number | null; timedOut: boolean; tail: string }> {
  return new Promise((resolve) => {
    // Its own process group, so a time-out ends the bench and the servers and browsers it started.
    const child = spawn(command[0], command.slice(1), {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "pipe"],
      detached: true,
    });
    let tail = "";
    child.stderr.on("data", (c: Buffer) => {
      process.stderr.write(c);
      tail = (tail + c.toString("utf8")).slice(-2000);
    });
    let timedOut = false;
    const signal = (sig: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        // the group is already gone
      }
    };
    let killer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      signal("SIGTERM");
      killer = setTimeout(() => signal("SIGKILL"), 10_000);
    }, limitSeconds * 1000);
    child.on("close", (code) => {
      clearTimeout(timer);
      clearTimeout(killer);
      resolve({ code, timedOut, tail });
    });
  });
}

/** The last meaningful error line of a failed part, for "not run: <reason>". */
function reason(tail: string): string {
  const lines = tail
    .split("\n")
    .map((l) => l.trim())
    .filter(
      (l) => l && !l.startsWith("at ") && !l.startsWith("npm warn") && !/^node:internal|^\^$|^Node\.js v/.test(l),
    );
  const line = lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? "no output";
  return line.length > 240 ? `${line.slice(0, 240)}…` : line;
}

const NUM = String.raw`(\d+(?:\.\d+)?)\s*(×|MB\/s|MB|ms|%)?`;
const TARGET = new RegExp(String.raw`\((?:target\s*)?(≥|≤|<|>)\s*${NUM}[;)]`);
const LOOSE = new RegExp(String.raw`target\s*(≥|≤|<|>)\s*${NUM}`, "g");
const INLINE = new RegExp(String.raw`\*{0,2}${NUM}\*{0,2}\s*\((?:target\s*)?(≥|≤|<|>)\s*${NUM}[;)]`, "g");

/**
 * Figures the older benches print with their target: inline ("**0.66** (≥ 0.25)", "1.46× (target ≤ 1.3×)"), for
 * a whole row ("| ratio (target ≤ 2×) | **1.76×** | **1.86×** |") or for a whole column ("| peak RSS (< 64 MB) |").
 */
export function targetsIn(bench: string, markdown: string): Verdict[] {
  const verdicts: Verdict[] = [];
  let heading = "";
  let header: string[] = [];
  for (const line of markdown.split("\n")) {
    if (line.startsWith("#")) heading = line.replace(/^#+\s*/, "");
    if (!line.startsWith("|")) {
      header = [];
      const name = `${heading}: ${line.slice(0, 60).replace(/\*/g, "")}…`;
      const inline = [...line.matchAll(INLINE)];
      if (inline.length) inline.forEach((m) => verdicts.push(verdict(bench, name, m, 1)));
      else verdicts.push(...looseTargets(bench, name, line));
      continue;
    }
    const cells = line.split("|").map((c) => c.trim());
    if (/^\|[-|\s]+\|$/.test(line)) continue;
    if (header.length === 0) {
      header = cells;
      continue;
    }
    const rowTarget = TARGET.exec(cells[1] ?? "");
    cells.forEach((cell, i) => {
      if (i < 2 || !cell) return;
      const name = `${heading}: ${cells[1].replace(/\*/g, "").replace(/\s*\(target[^)]*\)/, "")}, ${header[i]?.replace(/\s*\([^)]*\)/g, "")}`;
      const inline = [...cell.matchAll(INLINE)];
      if (inline.length) return inline.forEach((m) => verdicts.push(verdict(bench, name, m, 1)));
      const loose = looseTargets(bench, name, cell);
      if (loose.length) return void verdicts.push(...loose);
      const value = /^([\d.]+) ?(×|MB\/s|MB|ms|%)?$/.exec(cell.replace(/\*/g, ""));
      const target = rowTarget ?? TARGET.exec(header[i] ?? "");
      if (value && target && (rowTarget || !/ratio \(target\)/.test(header[i])))
        verdicts.push(verdict(bench, name, [value[0], value[1], value[2], target[1], target[2], target[3]], 1));
    });
  }
  return verdicts;
}

/**
 * A target that does not follow its figure directly ("**1.01×** (1.20×) — target ≤ 1.3×", "**peak 1025 MB during
 * the exports, …** (target < 150 MB)"): the figure is the first number of the last bold span before it.
 */
function looseTargets(bench: string, name: string, text: string): Verdict[] {
  const out: Verdict[] = [];
  for (const m of text.matchAll(LOOSE)) {
    const bold = text.slice(0, m.index).split("**");
    // An odd count of "**" before the target closes a bold span: the span is the second-to-last piece.
    if (bold.length < 3 || bold.length % 2 === 0) continue;
    const figure = /([\d.]+) ?(×|MB\/s|MB|ms|%)?/.exec(bold[bold.length - 2]);
    if (figure) out.push(verdict(bench, name, [figure[0], figure[1], figure[2], m[1], m[2], m[3]], 1));
  }
  return out;
}

/** `m` holds value, unit, operator, target and its unit from index `at` on (a regex match: `at` 1). */
function verdict(bench: string, what: string, m: ArrayLike<string | undefined>, at: number): Verdict {
  const [value, unit, op, target, targetUnit] = [m[at], m[at + 1], m[at + 2], m[at + 3], m[at + 4]];
  return compare(bench, what, Number(value), op ?? "≤", Number(target), unit ?? targetUnit ?? "");
}

function compare(bench: string, what: string, value: number, op: string, target: number, unit: string): Verdict {
  const met =
    op === "≥" ? value >= target : op === "≤" ? value <= target : op === "<" ? value < target : value > target;
  const u = unit === "×" ? "×" : unit ? ` ${unit}` : "";
  return { bench, what, figure: `${value}${u}`, target: `${op} ${target}${u}`, met };
}

function machine(): string {
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? os.cpus()[0]?.model ?? "?";
  const nproc = spawnSync("nproc", { encoding: "utf8" }).stdout.trim() || String(os.cpus().length);
  const load = os.loadavg().map((l) => l.toFixed(2));
  return [
    `- Date: ${new Date().toISOString().replace("T", " ").slice(0, 16)} UTC`,
    `- Machine: nproc ${nproc}, ${cpu}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM, ${os.type()} ${os.release()}`,
    `- Node ${process.version}; database server: ${(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) ? "PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL)" : "none configured (embedded engine only)"}`,
    `- Load average when the run started: ${load.join(", ")} (1, 5, 15 min). Other work on the machine shares its CPUs.`,
  ].join("\n");
}

/**
 * A part's last recorded measurement instead of running the part again: its figures from the history, its section from
 * the file it wrote, both marked with the date it was measured (a file's time stamp is not that: a checkout moves it).
 */
function reuse(part: Part, mdOut: string, jsonOut: string, history: History): Outcome {
  const file = part.docsFile ? path.join(ROOT, part.docsFile) : mdOut;
  const shown = path.relative(ROOT, file);
  const recorded = latestMeasurement(history, part.id);
  if (!existsSync(file)) {
    if (!recorded) return { part, seconds: 0, markdown: "", verdicts: [], notRun: `${shown} missing` };
    const markdown =
      `## ${part.title}\n\n_Reused, not rerun by this run: measured ${recorded.measuredAt}. Its section was not kept ` +
      `(${shown} is not committed); its figures are in the table above._\n`;
    return { part, seconds: 0, markdown, verdicts: recorded.verdicts, measuredAt: recorded.measuredAt, reused: true };
  }
  const written = readFileSync(file, "utf8");
  const measuredAt =
    recorded?.measuredAt ?? `${statSync(file).mtime.toISOString().replace("T", " ").slice(0, 16)} UTC (file time)`;
  const markdown = written.replace(
    /^#{1,2} (.*)$/m,
    `## $1\n\n_Reused, not rerun by this run: measured ${measuredAt} (section from ${shown})._`,
  );
  const verdicts =
    recorded?.verdicts ??
    (part.docsFile
      ? targetsIn(part.id, markdown)
      : existsSync(jsonOut)
        ? (JSON.parse(readFileSync(jsonOut, "utf8")) as Verdict[])
        : []);
  return { part, seconds: 0, markdown, verdicts, measuredAt, reused: true };
}

async function runPart(part: Part, history: History, runStartedAt: string): Promise<Outcome> {
  const outcome = await measurePart(part, history);
  if (outcome.reused || outcome.notRun) return outcome;
  // every figure says where its database ran, so the record stays readable when the default changes
  const verdicts = outcome.verdicts.map((v) => ({ ...v, mode: modeOf(v) }));
  return { ...outcome, verdicts, measuredAt: runStartedAt };
}

async function measurePart(part: Part, history: History): Promise<Outcome> {
  const started = Date.now();
  const mdOut = path.join(OUTPUT, `${part.id}.md`);
  const jsonOut = path.join(OUTPUT, `${part.id}.json`);
  if (process.env.BENCH_REUSE?.split(",").includes(part.id)) return reuse(part, mdOut, jsonOut, history);
  rmSync(mdOut, { force: true });
  rmSync(jsonOut, { force: true });
  console.error(`\n=== ${part.id}: ${part.command.join(" ")} (limit ${part.limitSeconds} s)`);
  const limit = Number(process.env[`BENCH_LIMIT_${part.id.toUpperCase()}`] ?? part.limitSeconds);
  const r = await run(part.command, { BENCH_MARKDOWN_OUT: mdOut, BENCH_JSON_OUT: jsonOut }, limit);
  const seconds = (Date.now() - started) / 1000;
  const base = { part, seconds, markdown: "", verdicts: [] };
  if (r.timedOut) return { ...base, notRun: `time limit of ${limit} s reached` };
  if (r.code !== 0) return { ...base, notRun: `exit ${r.code}: ${reason(r.tail)}` };
  if (part.docsFile) {
    const file = path.join(ROOT, part.docsFile);
    if (!existsSync(file) || statSync(file).mtimeMs < started)
      return { ...base, notRun: `${part.docsFile} was not rewritten` };
    const markdown = readFileSync(file, "utf8").replace(/^# /m, "## ");
    return { ...base, markdown, verdicts: targetsIn(part.id, markdown) };
  }
  if (!existsSync(mdOut)) return { ...base, notRun: "it wrote no report" };
  const verdicts = existsSync(jsonOut) ? (JSON.parse(readFileSync(jsonOut, "utf8")) as Verdict[]) : [];
  return { ...base, markdown: readFileSync(mdOut, "utf8"), verdicts };
}

export function report(header: string, outcomes: Outcome[], history: History): string {
  const measuredAt = new Map(outcomes.map((o) => [o.part.id, o.measuredAt ?? ""]));
  const verdicts = outcomes.flatMap((o) => o.verdicts);
  const met = verdicts.filter((v) => v.met).length;
  const reused = outcomes.filter((o) => o.reused).length;
  const summary = [
    "| part | this run | result |",
    "|---|---|---|",
    ...outcomes.map(
      (o) =>
        `| ${o.part.title} | ${o.reused ? `**reused**: measured ${o.measuredAt}` : o.notRun ? "—" : `measured, ${o.seconds.toFixed(0)} s`} | ${o.notRun ? `not run: ${o.notRun.replace(/\|/g, "\\|")}` : `${o.verdicts.filter((v) => v.met).length} of ${o.verdicts.length} targets met`} |`,
    ),
  ];
  const table = [
    "| part | figure | value | target | verdict | database | measured |",
    "|---|---|---|---|---|---|---|",
    ...verdicts.map(
      (v) =>
        `| ${v.bench} | ${v.what.replace(/\|/g, "\\|")} | ${v.figure} | ${v.target} | ${v.met ? "met" : "**not met**"} | ${modeLabel(modeOf(v))} | ${measuredAt.get(v.bench) ?? ""} |`,
    ),
  ];
  const sections = outcomes.map((o) =>
    o.notRun ? `## ${o.part.title}\n\nNot run: ${o.notRun}.\n` : o.markdown.trim() + "\n",
  );
  return [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (bench/run-all.ts); do not edit by hand — rerun it. Targets are those of issue 7",
    "(Performance) and of the issues each older bench names.",
    "",
    header,
    "",
    "## Summary",
    "",
    summary.join("\n"),
    "",
    `${met} of ${verdicts.length} targets met${reused ? ` (${reused} part${reused > 1 ? "s" : ""} reused from earlier measurements, dated above)` : ""}.`,
    "",
    table.join("\n"),
    "",
    ...sections,
    renderHistory(history, Object.fromEntries(PARTS.map((p) => [p.id, p.title]))),
  ].join("\n");
}

async function main() {
  const header = machine();
  const startedAt = stamp(new Date());
  const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
  mkdirSync(OUTPUT, { recursive: true });
  const history = loadHistory();
  const run: Run = { startedAt, machine: machineLine(), parts: [] };
  history.runs.push(run);
  const outcomes: Outcome[] = [];
  for (const part of PARTS) {
    const outcome: Outcome =
      only && !only.includes(part.id)
        ? { part, seconds: 0, markdown: "", verdicts: [], notRun: "left out by BENCH_ONLY" }
        : await runPart(part, history, startedAt);
    outcomes.push(outcome);
    run.parts.push({
      part: part.id,
      status: outcome.notRun ? "not run" : outcome.reused ? "reused" : "measured",
      ...(outcome.reused ? { measuredAt: outcome.measuredAt } : {}),
      ...(outcome.notRun ? { reason: outcome.notRun } : { seconds: Math.round(outcome.seconds) }),
    });
    if (!outcome.notRun && !outcome.reused) {
      history.measurements.push({
        part: part.id,
        measuredAt: startedAt,
        recordedIn: `npm run bench of ${startedAt}`,
        machine: machineLine(),
        verdicts: outcome.verdicts,
      });
    }
    // Each part's figures land in the report and the history at once, so a later crash or time-out loses nothing.
    saveHistory(history);
    writeFileSync(REPORT, report(header, outcomes, history));
  }
  console.error(`\nwrote ${path.relative(ROOT, REPORT)} and docs/bench-history.json`);
}

/** The machine in one line, for the history. */
function machineLine(): string {
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? os.cpus()[0]?.model ?? "?";
  return `nproc ${os.availableParallelism()}, ${cpu}, Node ${process.version}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
