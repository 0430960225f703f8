/**
 * The record of every benchmark measurement (docs/bench-history.json), kept across runs of `npm run bench`: each
 * run adds the parts it measured, and a part it reused points at the measurement it took its figures from. Nothing is
 * ever dropped, so a target that was missed stays on record after a later run meets it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DatabaseMode, Verdict } from "./api";

export const HISTORY_FILE = path.resolve(import.meta.dirname, "../docs/bench-history.json");

/** One measurement of one part: every figure it held to a target, with the verdict of the day. */
export type Measurement = {
  part: string;
  /** "YYYY-MM-DD HH:MM UTC": when the part ran (for a part of `npm run bench`, the run's start). */
  measuredAt: string;
  /** Where its figures were written: this run, a commit's docs file, a closing note. */
  recordedIn: string;
  machine?: string;
  verdicts: Verdict[];
  /** Anything a reader must know to read the figures (recomputed, partial, taken from a note). */
  note?: string;
};

export type RunPart = {
  part: string;
  status: "measured" | "reused" | "not run";
  /** For "reused": the measurement it took. */
  measuredAt?: string;
  reason?: string;
  seconds?: number;
};

/** One `npm run bench`. */
export type Run = { startedAt: string; machine: string; parts: RunPart[]; recordedIn?: string };

export type History = { measurements: Measurement[]; runs: Run[] };

export function loadHistory(file = HISTORY_FILE): History {
  if (!existsSync(file)) return { measurements: [], runs: [] };
  return JSON.parse(readFileSync(file, "utf8")) as History;
}

export function saveHistory(history: History, file = HISTORY_FILE): void {
  writeFileSync(file, JSON.stringify(history, null, 2) + "\n");
}

/** The newest measurement of `part`, if any. */
export function latestMeasurement(history: History, part: string): Measurement | undefined {
  return history.measurements
    .filter((m) => m.part === part)
    .sort((a, b) => b.measuredAt.localeCompare(a.measuredAt))[0];
}

/** "YYYY-MM-DD HH:MM UTC" */
export function stamp(date: Date): string {
  return `${date.toISOString().replace("T", " ").slice(0, 16)} UTC`;
}

/**
 * Where a figure's database ran, when the bench did not say: a PostgreSQL server, or the embedded engine in the mode
 * its label names. Figures older than the mode labels are read from their wording.
 */
export function modeOf(v: Verdict): DatabaseMode | undefined {
  if (v.mode) return v.mode;
  if (/PostgreSQL/.test(v.what)) return "server";
  if (/inline|in the server process|in the measured process/.test(v.what)) return "inline";
  if (/process mode|in its own process|database process/.test(v.what)) return "process";
  return undefined;
}

export function modeLabel(mode: DatabaseMode | undefined): string {
  if (mode === "server") return "PostgreSQL server";
  if (mode === "inline") return "embedded, inline";
  if (mode === "process") return "embedded, process";
  return "embedded, mode not recorded";
}

const cell = (s: string) => s.replace(/\|/g, "\\|");

/**
 * The history as markdown for docs/BENCHMARKS.md: every run of `npm run bench` (what it measured, what it reused and
 * from when), then per part every measurement with the targets it met and each one it missed.
 */
export function renderHistory(history: History, titles: Record<string, string>): string {
  const runs = [...history.runs].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  const out = [
    "## History: every measurement",
    "",
    "Every time a part was measured, newest first, kept across runs (docs/bench-history.json holds every figure of",
    "each). A part a run did not measure again is shown as reused, with the date it was measured. Database: where the",
    "figures' database ran — the embedded engine in `process` mode (its own process beside the server, the default) or",
    "`inline` mode (PGlite inside the measured process), or a PostgreSQL server.",
    "",
    "### Runs of `npm run bench`",
    "",
    "| started | measured | reused (measured at) | not run |",
    "|---|---|---|---|",
    ...runs.map((r) => {
      const of = (status: RunPart["status"]) => r.parts.filter((p) => p.status === status);
      const reused = of("reused").map((p) => `${p.part} (${p.measuredAt ?? "?"})`);
      const notRun = of("not run").map((p) => `${p.part}${p.reason ? `: ${cell(p.reason)}` : ""}`);
      return `| ${r.startedAt} | ${
        of("measured")
          .map((p) => p.part)
          .join(", ") || "—"
      } | ${reused.join(", ") || "—"} | ${notRun.join("; ") || "—"} |`;
    }),
    "",
  ];
  const parts = [...new Set(history.measurements.map((m) => m.part))];
  for (const part of Object.keys(titles)
    .filter((p) => parts.includes(p))
    .concat(parts.filter((p) => !titles[p]))) {
    const measurements = history.measurements
      .filter((m) => m.part === part)
      .sort((a, b) => b.measuredAt.localeCompare(a.measuredAt));
    out.push(
      `### ${titles[part] ?? part}`,
      "",
      "| measured | recorded in | database | targets met | missed (figure, target) |",
      "|---|---|---|---|---|",
    );
    for (const m of measurements) {
      const modes = [...new Set(m.verdicts.map((v) => modeLabel(modeOf(v))))].join("; ");
      const missed = m.verdicts
        .filter((v) => !v.met)
        .map((v) => `${cell(v.what)}: **${cell(v.figure)}** (${cell(v.target)}; ${modeLabel(modeOf(v))})`);
      const met = `${m.verdicts.filter((v) => v.met).length} of ${m.verdicts.length}`;
      const recorded = `${cell(m.recordedIn)}${m.note ? ` — ${cell(m.note)}` : ""}`;
      out.push(`| ${m.measuredAt} | ${recorded} | ${modes || "—"} | ${met} | ${missed.join("<br>") || "none"} |`);
    }
    out.push("");
  }
  return out.join("\n");
}
