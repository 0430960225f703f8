import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { E2E_LISTED_ADMIN } from "./register";
import { startServer, type RunningServer } from "./server";
import { flows } from "./flows";

export const OUTPUT_DIR = path.resolve(import.meta.dirname, "../e2e-output");

export type FlowContext = {
  baseUrl: string;
  server: RunningServer;
  page: Page;
  context: BrowserContext;
  browser: Browser;
  /** Saves a full-page screenshot under e2e-output/<name>.png. */
  shot(name: string): Promise<void>;
};

export type Flow = { name: string; run(ctx: FlowContext): Promise<void> };

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const AXE_SOURCE = path.resolve(import.meta.dirname, "../node_modules/axe-core/axe.min.js");

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };

/** Runs axe-core in the page and answers one line per serious or critical violation. */
export async function checkAccessibility(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol, so the app's strict CSP stays on and is exercised by the flows
  await page.evaluate(fs.readFileSync(AXE_SOURCE, "utf8"));
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<unknown> } }).axe.run(document, {
      resultTypes: ["violations"],
    }),
  )) as AxeResult;
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `  ${v.impact} ${v.id}: ${v.help} (${v.nodes
          .map((n) => JSON.stringify(n.target))
          .slice(0, 3)
          .join(", ")})`,
    );
}

/**
 * The landing and sign-in pages arrive rendered ahead of time: they are on screen, links and all, a moment before
 * the app has taken them over (client/src/app/app.tsx marks <html data-app-ready>), and a click on a tab in that
 * moment does nothing. So every navigation of a flow's pages also waits for the app, as a person would.
 */
function waitForAppOnNavigation(page: Page): void {
  for (const method of ["goto", "reload", "waitForURL"] as const) {
    const original = (page[method] as (...args: unknown[]) => Promise<unknown>).bind(page);
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const result = await original(...args);
        await page.waitForSelector("html[data-app-ready]", { state: "attached" });
        return result;
      },
    });
  }
}

/**
 * The browser a flow drives: every context it opens (its first page's and any second person's) comes from an address
 * of its own, 10.77.<flow>.<n>, through X-Forwarded-For (the e2e server trusts one proxy, TRUST_PROXY=1). The
 * per-address limits (registrations, sign-ins, token look-ups) then count each flow's people as people on different
 * networks are counted, and a run of many flows never exhausts one address's allowance.
 */
function flowBrowser(browser: Browser, flowIndex: number): Browser {
  let n = 0;
  return new Proxy(browser, {
    get(target, prop, receiver) {
      if (prop === "newContext")
        return (options: BrowserContextOptions = {}) =>
          target.newContext({
            ...options,
            extraHTTPHeaders: { ...options.extraHTTPHeaders, "X-Forwarded-For": `10.77.${flowIndex}.${(n += 1)}` },
          });
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function main() {
  // The client and the server bundle, built when missing or older than their sources: the flows drive what
  // `npm start` ships, never the sources through tsx.
  const built = spawnSync(process.execPath, [path.resolve(import.meta.dirname, "../scripts/ensure-build.mjs")], {
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("building the client and the server bundle failed");
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  // the scheduler every few seconds, so a trigger a flow sets two minutes ahead fires soon after (release flow)
  // ADMIN_EMAILS: an admin of the death verification flow, whatever flow used the set-up token before it
  // TRUST_PROXY=1: each flow's people come from addresses of their own (flowBrowser)
  const server = await startServer({
    SCHEDULER_INTERVAL_SECONDS: "5",
    ADMIN_EMAILS: E2E_LISTED_ADMIN,
    TRUST_PROXY: "1",
  });
  console.log(`e2e: Node ${process.version}, the server bundle (${server.process.spawnargs.slice(1).join(" ")})`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  // `npm run test:e2e -- "foundation,passkeys"`: only the flows whose names contain one of the comma-separated words
  const only = process.argv[2]
    ?.split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  let passed = 0;
  let failed = 0;
  try {
    for (const [index, flow] of flows.entries()) {
      if (only?.length && !only.some((w) => flow.name.includes(w))) continue;
      const flowsBrowser = flowBrowser(browser, index);
      const context = await flowsBrowser.newContext({ viewport: { width: 1280, height: 800 } });
      context.on("page", waitForAppOnNavigation);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const shot = async (name: string) => {
        // a full-page capture of a scrolled page paints the sticky header where the scroll left it: capture from the top
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`), fullPage: true });
        // every screen a flow looks at is also checked with axe-core: no serious or critical violation
        const violations = await checkAccessibility(page);
        if (violations.length) throw new Error(`accessibility violations on ${name}:\n${violations.join("\n")}`);
      };
      const started = Date.now();
      try {
        await flow.run({ baseUrl: server.baseUrl, server, page, context, browser: flowsBrowser, shot });
        if (errors.length) throw new Error(`uncaught page errors: ${errors.join("; ")}`);
        passed += 1;
        console.log(`  ✓ ${flow.name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed += 1;
        console.log(`  ✗ ${flow.name}\n    ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        await shot(`FAILED-${flow.name.replace(/\W+/g, "-")}`).catch(() => undefined);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\ne2e: ${passed} passed, ${failed} failed`);
  if (failed > 0) {
    console.log(server.logs.join("").slice(-4000));
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
