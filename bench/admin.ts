/**
 * The admin console at scale (issue 18): the user list, its search and the stats with 1 000 users, then with
 * 100 000 users and 1 000 000 files, each timed through the real service functions on one database (embedded PGlite
 * inline in this process, or the PostgreSQL server at BENCH_DATABASE_URL). Target: every read within 2× of its
 * 1 000-user time (median). Users are spread over two years of sign-ups, 2 % agents; each file row is a committed
 * upload of a random user. Prints a Markdown section for docs/BENCHMARKS.md.
 *
 *   npx tsx bench/admin.ts            # embedded
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/admin.ts
 */
import { adminUsersQuerySchema } from "@shared/validators/admin";
import { getStats } from "../server/features/admin/admin-insights.service";
import { listUsers } from "../server/features/admin/admin-users.service";
import { openEngineFixture, type EngineFixture } from "./release-engine-db";

const RUNS = 40;
const WARM_UP = 5;
const FILE_BATCH = 100_000;

async function seed(f: EngineFixture, from: number, to: number, files: number): Promise<number> {
  const started = Date.now();
  await f.exec(`
    insert into users (email, first_name, last_name, user_type, storage_used, created_at)
    select 'u' || g || '.' || substr(md5(g::text), 1, 6) || '@example.com',
      initcap(substr(md5('f' || g), 1, 7)), initcap(substr(md5('l' || g), 1, 9)),
      case when g % 50 = 0 then 'agent' else 'client' end,
      (g::bigint * 7919) % 10485760,
      now() - ((g * 37) % 730) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(${from}, ${to}) g`);
  // in batches of 100 000: a PostgreSQL server's statement timeout applies to each statement
  for (let first = 1; first <= files; first += FILE_BATCH)
    await f.exec(`
      insert into digital_assets (user_id, file_name, original_file_name, file_size, stored_size, mime_type, category,
        file_path, status, created_at)
      select u.id, md5(g::text) || '.pdf', 'file' || g || '.pdf', 4096, 4128, 'application/pdf', 'documents',
        'blobs/' || md5(g::text), 'committed', now() - ((g * 13) % 730) * interval '1 day'
      from generate_series(${first}, ${Math.min(files, first + FILE_BATCH - 1)}) g
      join users u on u.id = 1 + (g::bigint * 7919) % ${to}`);
  await f.exec("analyze");
  return Date.now() - started;
}

type Probe = { name: string; run: () => Promise<unknown> };

function probes(f: EngineFixture, needle: string): Probe[] {
  const db = f.deps.database.db;
  const list = (q: Record<string, string>) => () => listUsers({ db }, { query: adminUsersQuerySchema.parse(q) });
  return [
    { name: "GET /api/admin/users (first page)", run: list({}) },
    { name: "GET /api/admin/users?role=agent", run: list({ role: "agent" }) },
    { name: "GET /api/admin/users?offset=200", run: list({ offset: "200" }) },
    { name: `GET /api/admin/users?q=${needle} (e-mail)`, run: list({ q: needle }) },
    { name: "GET /api/admin/users?q=a1b2 (inside names)", run: list({ q: "a1b2" }) },
    { name: "GET /api/admin/stats", run: () => getStats({ db, clock: f.deps.clock }, { paymentsMode: "test" }) },
  ];
}

async function measure(p: Probe): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i += 1) await p.run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    await p.run();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(RUNS / 2)], p95: times[Math.floor(RUNS * 0.95)] };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const label = url ? "PostgreSQL" : "embedded (PGlite, inline)";
  const f = await openEngineFixture({ label, url, mode: "inline" });
  try {
    const small = await seed(f, 1, 1_000, 0);
    // a user in the middle of the range: its e-mail holds "u500." in the small set and "u50000." in the large one
    const smallRows = [];
    for (const p of probes(f, "u500.")) smallRows.push({ name: p.name, ...(await measure(p)) });
    const large = await seed(f, 1_001, 100_000, 1_000_000);
    const largeRows = [];
    for (const p of probes(f, "u50000.")) largeRows.push({ name: p.name, ...(await measure(p)) });

    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(`### ${label}\n`);
    console.log(
      `Seeded 1 000 users in ${small} ms; then 99 000 more users and 1 000 000 files in ${large} ms (SQL + ANALYZE).\n`,
    );
    console.log(
      "| read (service function, one at a time) | 1 000 users: p50 · p95 | 100 000 users + 1 000 000 files: p50 · p95 | p50 ratio (target ≤ 2×) | verdict |",
    );
    console.log("|---|---|---|---|---|");
    for (const [i, s] of smallRows.entries()) {
      const l = largeRows[i];
      const ratio = l.p50 / s.p50;
      console.log(
        `| ${s.name} | ${fmt(s.p50)} · ${fmt(s.p95)} | ${fmt(l.p50)} · ${fmt(l.p95)} | **${ratio.toFixed(2)}×** | ${ratio <= 2 ? "met" : "NOT met"} |`,
      );
    }
  } finally {
    await f.dispose();
  }
}

await main();
