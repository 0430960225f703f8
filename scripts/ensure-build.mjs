// Builds the client (dist/public) and the server bundle (dist/server) when either is missing or older than its
// sources, so `npm start` works on a fresh clone and always runs what the sources say. With --server, only the server
// bundle (the test suite's globalSetup: the reliability tests start the bundle, as `npm start` does).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverOnly = process.argv.includes("--server");
const index = path.join(root, "dist/public/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // tests are in neither build, so editing one rebuilds nothing
    if (entry.name === "node_modules" || /\.test\.tsx?$/.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

if (!serverOnly) {
  const sources = [path.join(root, "client"), path.join(root, "shared")];
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newestMtime), fs.statSync(path.join(root, "vite.config.ts")).mtimeMs);

  if (builtAt < changedAt) {
    console.log(builtAt ? "Client sources changed: rebuilding…" : "Building the client (first start)…");
    const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const serverBundles = ["index.mjs", "pglite-process.mjs"].map((name) => path.join(root, "dist/server", name));
const serverBuiltAt = Math.min(...serverBundles.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
const serverChangedAt = Math.max(
  ...[path.join(root, "server"), path.join(root, "shared")].map(newestMtime),
  ...["tsconfig.json", "package-lock.json", "scripts/build-server.mjs"].map(
    (f) => fs.statSync(path.join(root, f)).mtimeMs,
  ),
);
if (serverBuiltAt < serverChangedAt) {
  console.log(serverBuiltAt ? "Server sources changed: rebuilding…" : "Building the server (first start)…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
