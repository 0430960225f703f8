import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * The reliability tests (server/reliability) start the server as `npm start` does: the compiled bundle
 * dist/server/index.mjs. Build it once before any test file runs when it is missing or older than its sources, so
 * `npm install && npm test` works on a fresh clone and a test never runs yesterday's bundle.
 */
export default function buildServerBundle(): void {
  const root = path.resolve(import.meta.dirname, "../..");
  const result = spawnSync(process.execPath, [path.join(root, "scripts/ensure-build.mjs"), "--server"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("building the server bundle (scripts/ensure-build.mjs --server) failed");
}
