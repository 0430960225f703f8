/**
 * npm run bench:scale — the main reads for a user with 100 000 assets and 1 000 beneficiaries against the same
 * reads for a user with 100 assets, in one database (issue 7, Performance: target ≤ 2× on p50 and p99). Both
 * users live side by side, so the small user also reads from a large table. Rows are loaded with
 * generate_series SQL while the server is stopped, then ANALYZEd (as autovacuum would soon after a bulk load).
 * Prints a markdown section, or writes it to BENCH_MARKDOWN_OUT; verdicts go to BENCH_JSON_OUT.
 */
import {
  analyzeAll,
  call,
  cannon,
  CANNON,
  createSite,
  benchEachEngine,
  fmt,
  READS,
  registerUser,
  seedUser,
  TYPED_KINDS,
  withServer,
  type CannonFigures,
  type Engine,
  type Verdict,
} from "./api";

const SCALE_TARGET = 2;
const BIG = { assets: 100_000, typedPerKind: 1_000, beneficiaries: 1_000 };
const SMALL = { assets: 100, typedPerKind: 8, beneficiaries: 10 };

async function benchEngine(engine: Engine): Promise<{ markdown: string; verdicts: Verdict[] }> {
  const site = await createSite(engine);
  try {
    const [small, big] = await withServer(site, async (s) => [
      await registerUser(s.baseUrl, "small"),
      await registerUser(s.baseUrl, "big"),
    ]);
    const db = await site.openSql();
    const loadStart = Date.now();
    try {
      await seedUser(db, small.id, {
        files: SMALL.assets - SMALL.typedPerKind * TYPED_KINDS,
        typedPerKind: SMALL.typedPerKind,
        beneficiaries: SMALL.beneficiaries,
      });
      await seedUser(db, big.id, {
        files: BIG.assets - BIG.typedPerKind * TYPED_KINDS,
        typedPerKind: BIG.typedPerKind,
        beneficiaries: BIG.beneficiaries,
      });
      await analyzeAll(db);
    } finally {
      await db.close();
    }
    const loadSeconds = (Date.now() - loadStart) / 1000;
    return await withServer(site, async (server) => {
      for (const u of [small, big]) {
        const me = await call(server.baseUrl, u.cookie, "GET", "/api/user");
        if (me.status !== 200) throw new Error(`session did not survive the restart: ${me.status}`);
      }
      const url = (p: string) => `${server.baseUrl}${p}`;
      for (const p of READS) {
        await cannon(url(p), small.cookie, { duration: 2 });
        await cannon(url(p), big.cookie, { duration: 2 });
      }
      const lines = [
        `### ${engine.label}`,
        "",
        `Loaded ${fmt(BIG.assets + SMALL.assets)} assets and ${fmt(BIG.beneficiaries + SMALL.beneficiaries)} beneficiaries in ${loadSeconds.toFixed(1)} s (SQL + ANALYZE).`,
        "",
        `| autocannon ${CANNON.connections} conn × ${CANNON.duration} s | 100 assets: req/s · p50 · p99 | 100 000 assets: req/s · p50 · p99 | p50 ratio | p99 ratio (target ≤ ${SCALE_TARGET}× both) | verdict |`,
        "|---|---|---|---|---|---|",
      ];
      const verdicts: Verdict[] = [];
      const cell = (f: CannonFigures) => `${fmt(f.rps)} · ${f.p50} ms · ${f.p99} ms`;
      for (const p of READS) {
        const s = await cannon(url(p), small.cookie);
        const b = await cannon(url(p), big.cookie);
        // A p50 of 0 ms (sub-millisecond) would divide by zero; 1 ms is autocannon's resolution.
        const r50 = b.p50 / Math.max(s.p50, 1);
        const r99 = b.p99 / Math.max(s.p99, 1);
        const met = r50 <= SCALE_TARGET && r99 <= SCALE_TARGET;
        lines.push(
          `| GET ${p} | ${cell(s)} | ${cell(b)} | **${r50.toFixed(2)}×** | **${r99.toFixed(2)}×** | ${met ? "met" : "not met"} |`,
        );
        verdicts.push({
          bench: "scale",
          what: `${engine.label}: GET ${p} latency, 100 000 vs 100 assets`,
          figure: `p50 ${r50.toFixed(2)}×, p99 ${r99.toFixed(2)}×`,
          target: `≤ ${SCALE_TARGET}×`,
          met,
          mode: engine.mode,
        });
      }
      return { markdown: lines.join("\n"), verdicts };
    });
  } finally {
    await site.dispose();
  }
}

async function main() {
  const intro = [
    "## Scale: 100 000 assets (bench/scale.ts)",
    "",
    `Two clients on Advanced Premium in one database: one with ${fmt(BIG.assets)} assets (${fmt(BIG.assets - BIG.typedPerKind * TYPED_KINDS)}`,
    `committed uploads with random-looking names and paths over two years, ${fmt(BIG.typedPerKind)} of each typed kind)`,
    `and ${fmt(BIG.beneficiaries)} beneficiaries, one with ${SMALL.assets} assets and ${SMALL.beneficiaries} beneficiaries.`,
    "Latency under the same autocannon load as bench/api.ts, after a 2 s warm-up per endpoint and user.",
    "`GET /api/beneficiaries` answers one page (50 rows unless `limit` says otherwise, at most 200) with the whole",
    "count in `X-Total-Count`, as every list does: the screen pages it and the pickers read it 200 at a time.",
  ];
  await benchEachEngine(benchEngine, intro);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
