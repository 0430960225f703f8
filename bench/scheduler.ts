/**
 * npm run bench:scheduler — the release engine's figures (issue 14), each a ratio measured in one run against a
 * floor taken in the same run, on the server bundle as `npm start` runs it, per engine (embedded; PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Each measurement is one entry of MEASUREMENTS: open and download
 * (bench/scheduler-http.ts), idle tick and firing (scheduler-engine.ts), delivery (scheduler-delivery.ts).
 *
 * Release set-up: a client uploads one file through the API; with the server stopped, one release holding it is
 * written with SQL exactly as release creation writes one (token hash, items, 90-day expiry).
 * Prints a markdown section, or writes it to BENCH_MARKDOWN_OUT; verdicts go to BENCH_JSON_OUT.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rawUpload } from "../server/test/raw-upload";
import { generateToken, hashToken } from "../server/lib/tokens";
import type { RunningServer } from "../e2e/server";
import { benchEachEngine, createSite, registerUser, type Engine, type Verdict } from "./api";
import { delivery } from "./scheduler-delivery";
import { firing, IDLE_TICKS, idleTick } from "./scheduler-engine";
import { DOWNLOAD_RUNS, downloadVsBare, FILE_BYTES, openVsHealth, SAMPLES } from "./scheduler-http";

const RELEASE_ID = 900_001;

/** What every measurement may use: the running server, its port, and the release seeded for it. */
export type BenchContext = {
  engine: Engine;
  server: RunningServer;
  port: number;
  release: { id: number; token: string; fileId: number };
};
export type MeasurementResult = { rows: string[]; verdicts: Verdict[] };
export type SchedulerMeasurement = { id: string; run(ctx: BenchContext): Promise<MeasurementResult> };

/** Every measurement of the bench, in order; the release creation, firing and delivery figures join here. */
export const MEASUREMENTS: SchedulerMeasurement[] = [openVsHealth, downloadVsBare, idleTick, firing, delivery];

async function benchEngine(engine: Engine): Promise<{ markdown: string; verdicts: Verdict[] }> {
  const site = await createSite(engine);
  try {
    let setup = await site.start();
    const user = await registerUser(setup.baseUrl, "release");
    const up = await rawUpload({
      port: Number(new URL(setup.baseUrl).port),
      cookie: user.cookie,
      fileName: "deed.pdf",
      size: FILE_BYTES,
    });
    await setup.stop();
    if (!("status" in up) || up.status !== 201) throw new Error(`upload failed: ${JSON.stringify(up)}`);
    const fileId = (JSON.parse(up.body) as { id: number }[])[0].id;
    const token = generateToken();
    const db = await site.openSql();
    try {
      await db.exec(`
        insert into asset_releases (id, user_id, owner_name, beneficiary_name, status, token_hash, released_at,
          access_expires_at)
        values (${RELEASE_ID}, ${user.id}, 'Bench Owner', 'Kofi Boateng', 'pending', '${hashToken(token)}', now(),
          now() + interval '90 days');
        insert into release_items (release_id, user_id, kind, item_id) values (${RELEASE_ID}, ${user.id}, 'file', ${fileId});`);
    } finally {
      await db.close();
    }
    setup = await site.start();
    const server = setup;
    try {
      const ctx: BenchContext = {
        engine,
        server,
        port: Number(new URL(server.baseUrl).port),
        release: { id: RELEASE_ID, token, fileId },
      };
      const rows: string[] = [];
      const verdicts: Verdict[] = [];
      for (const m of MEASUREMENTS) {
        const r = await m.run(ctx);
        rows.push(...r.rows);
        verdicts.push(...r.verdicts);
      }
      const markdown = [
        `### ${engine.label}`,
        "",
        "| measured | p50 / rate | p99 | floor, same run | ratio (target) | verdict |",
        "|---|---|---|---|---|---|",
        ...rows,
      ].join("\n");
      return { markdown, verdicts };
    } finally {
      await server.stop();
    }
  } finally {
    await site.dispose();
  }
}

async function main() {
  // the open measurement gives each request an address of its own through X-Forwarded-For
  process.env.TRUST_PROXY = "1";
  const intro = [
    "## Release engine (npm run bench:scheduler, issue 14)",
    "",
    "The server bundle as `npm start` runs it. Release set-up: one client uploads one file through the API; with the",
    "server stopped, one release holding it is written with SQL as release creation writes one. Opening: " +
      `${SAMPLES} sequential opens on one kept-alive connection, each interleaved with a GET /api/health, after 30 of`,
    "each as warm-up; each open takes a rate-limit point (its own address through X-Forwarded-For, TRUST_PROXY=1),",
    "moves the release conditionally, writes its access, audit and session rows and decrypts the message and the list.",
    `Download: median MB/s of ${DOWNLOAD_RUNS} downloads after one warm-up, through the release session, alternating with`,
    "as many from a bare node:http server streaming the same number of bytes from a file.",
    "",
    "Reading the open figure: an open is a write that must not be lost, /api/health a one-row read. The open is one",
    "round trip and one commit: a single named prepared statement (server/features/releases/open-release.queries.ts)",
    "takes the address's rate-limit point, moves the release conditionally, writes its access and audit rows and the",
    "release session's row, and reads the release's items and files; on PostgreSQL that commit waits for its WAL",
    "flush (synchronous_commit on), which the read does not.",
    "",
    "Idle tick, firing and delivery run in-process (not through the HTTP server; bench/scheduler-engine.ts and scheduler-delivery.ts): the real",
    "triggers and outbox tasks against a database of the bench's own (embedded: PGlite inline in the bench process on",
    "a data folder of its own; PostgreSQL: a scratch database), a fake clock, the real keyring and a real SMTP server on",
    "loopback; rows seeded with INSERT … SELECT generate_series and ANALYZEd. Idle tick: median of " +
      `${IDLE_TICKS} runs of the`,
    "triggers task over 100 000 pending triggers (1 000 clients × 100) none due, ticks alternating with the same task",
    "over 100 (10 × 10) in a second database. Firing: 10 000 due `specific_date` triggers (1 000 clients × 10, one",
    "committed file each, automatic verification, no message) fired by one run of the triggers task (batches of 500,",
    "one transaction each) at a clock past the due time; floor: the same rows copied aside, deleted, and written again",
    "in one transaction with one UPDATE of the triggers and one `INSERT … SELECT` per table, into the same tables and",
    "indexes. Delivery: 1 000 queued release e-mails delivered by the outbox task vs 1 000 sent with nodemailer",
    "directly (same transport options, 5 in flight like the outbox), in two alternating halves of 500.",
  ];
  await benchEachEngine(benchEngine, intro);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
