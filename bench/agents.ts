/**
 * npm run bench:agents — `GET /api/agent/clients` and `GET /api/agent/earnings` (first page, 50 rows, with
 * X-Total-Count) for an agent with 10 000 clients and 100 000 earnings against an agent with 10 of each, in one
 * database (issue 17: target ≤ 2× on p50 and p99). The real app in-process on embedded PGlite; rows bulk-loaded with
 * generate_series, then ANALYZEd. Writes docs/bench-agents.md (or BENCH_MARKDOWN_OUT).
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { signUpAgent } from "../server/features/agents/agents.test-support";
import { startTestApp } from "../server/test/harness";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET = 2;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const t = await startTestApp();
  try {
    const big = await signUpAgent(t);
    const small = await signUpAgent(t);
    const seed = async (agentId: number, clients: number, earnings: number, tag: string) => {
      await t.db.execute(sql`
        insert into users (email, first_name, last_name, agent_id, plan)
        select ${tag} || g || '@example.com', 'Client', 'No ' || g, ${agentId}, 'basic_premium'
          from generate_series(1, ${clients}) g`);
      await t.db.execute(sql`
        insert into agent_earnings (agent_id, client_id, transaction_type, transaction_id, amount, commission_rate, commission, created_at)
        select ${agentId}, null, 'bench', ${tag} || g, 29.99, 10.00, 2.999, now() - (g || ' minutes')::interval
          from generate_series(1, ${earnings}) g`);
      await t.db.execute(sql`update agent_profiles set earnings_count = ${earnings} where user_id = ${agentId}`);
    };
    const loadStart = Date.now();
    await seed(big.user.id, 10_000, 100_000, "big");
    await seed(small.user.id, 10, 10, "small");
    await t.db.execute(sql`analyze`);
    const loadSeconds = (Date.now() - loadStart) / 1000;

    const rows: string[] = [];
    let met = 0;
    let total = 0;
    for (const path of ["/api/agent/clients?limit=50", "/api/agent/earnings?limit=50"]) {
      const timings: Record<string, number[]> = { small: [], big: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const [name, agent] of [
          ["small", small],
          ["big", big],
        ] as const) {
          const start = process.hrtime.bigint();
          const res = await agent.agent.get(path);
          timings[name].push(Number(process.hrtime.bigint() - start) / 1e6);
          if (res.status !== 200 || (res.body as unknown[]).length === 0) throw new Error(`${path}: ${res.status}`);
        }
      }
      for (const p of [50, 99]) {
        const s = percentile(
          [...timings.small].sort((a, b) => a - b),
          p,
        );
        const b = percentile(
          [...timings.big].sort((a, c) => a - c),
          p,
        );
        const ratio = b / s;
        const ok = ratio <= TARGET;
        total += 1;
        met += ok ? 1 : 0;
        rows.push(
          `| ${path} | p${p} | ${s.toFixed(1)} ms | ${b.toFixed(1)} ms | ${ratio.toFixed(2)} | ≤ ${TARGET} | ${ok ? "met" : "missed"} |`,
        );
      }
    }
    const markdown = [
      "# Agents at scale (npm run bench:agents)",
      "",
      `- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; embedded PGlite in-process; ${RUNS} requests per figure, alternating agents.`,
      `- Big agent: 10 000 clients, 100 000 earnings; small agent: 10 and 10; loaded in ${loadSeconds.toFixed(1)} s.`,
      "",
      "| read | figure | 10 clients | 10 000 clients | ratio | target | verdict |",
      "|---|---|---|---|---|---|---|",
      ...rows,
      "",
      `${met} of ${total} targets met.`,
      "",
    ].join("\n");
    fs.writeFileSync(process.env.BENCH_MARKDOWN_OUT ?? "docs/bench-agents.md", markdown);
    process.stdout.write(markdown);
  } finally {
    await t.close();
  }
}

void main();
