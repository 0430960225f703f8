import fs from "node:fs";
import path from "node:path";

/**
 * Fails when package-lock.json resolves a security-relevant package below its minimum safe version
 * (security/min-versions.json). Every copy that ships with the server counts, nested ones included; dev-only copies
 * (test servers such as s3rver) never run in production and are skipped.
 */
type Lock = { packages: Record<string, { version?: string; dev?: boolean }> };

function compare(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.+-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < 3; i += 1) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

const root = path.resolve(import.meta.dirname, "..");
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lock;
const mins = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "min-versions.json"), "utf8")) as {
    packages: Record<string, string>;
  }
).packages;

const failures: string[] = [];
let checked = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
  const min = mins[name];
  if (!min || !entry.version || entry.dev) continue;
  checked += 1;
  if (compare(entry.version, min) < 0) failures.push(`${key}: ${entry.version} < ${min}`);
}
for (const name of Object.keys(mins)) {
  if (!Object.entries(lock.packages).some(([k, e]) => k.endsWith(`node_modules/${name}`) && !e.dev)) {
    failures.push(`${name}: listed but not a runtime dependency in the lock file`);
  }
}
if (failures.length) {
  console.error(`Packages below their minimum safe version:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `min-versions: ${checked} resolved copies of ${Object.keys(mins).length} packages, all at or above their minimum`,
);
