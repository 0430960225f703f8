import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Flow } from "../run";

/** The JavaScript budget for the first screen a visitor sees (issue: hardening gates). */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;
const DIST = path.resolve(import.meta.dirname, "../../dist/public");

/** Loads "/" signed out, sums the gzip size of every script the browser fetched, and fails over the budget. */
export const budgetFlow: Flow = {
  name: "budget: initial JavaScript for / within 150 KB gzip",
  async run({ page, baseUrl }) {
    const scripts = new Set<string>();
    page.on("response", (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith(".js")) scripts.add(url.pathname);
    });
    await page.goto(baseUrl);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // the landing page is rendered; give late lazy chunks a moment to arrive
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    let total = 0;
    for (const script of scripts) total += gzipSync(fs.readFileSync(path.join(DIST, script))).length;
    console.log(`    initial JS for /: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzip (budget 150 KB)`);
    assert.ok(scripts.size > 0, "no script loaded");
    assert.ok(total <= INITIAL_JS_BUDGET_BYTES, `initial JS ${total} B over the ${INITIAL_JS_BUDGET_BYTES} B budget`);
  },
};
