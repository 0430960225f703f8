// Builds the client when dist/public is missing or older than the sources, so `npm start` works on a fresh clone.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const index = path.join(root, "dist/public/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, "client"), path.join(root, "shared")];
const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime), fs.statSync(path.join(root, "vite.config.ts")).mtimeMs);

if (builtAt < changedAt) {
  console.log(builtAt ? "Client sources changed: rebuilding…" : "Building the client (first start)…");
  const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
