import fs from "node:fs";
import path from "node:path";

/**
 * The application's root directory (the one with package.json), found from this module's own location: the same
 * answer when the server runs from its TypeScript sources (tsx, tests) and from the production bundle in
 * dist/server/. Files the server reads at run time (migrations, fonts, the built SPA, the backup JSON Schema) are
 * addressed from here, never from a module's relative position, which bundling changes.
 */
function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "migrations"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Heirloom's root (package.json + migrations/) not found above ${start}`);
    dir = parent;
  }
}

export const APP_ROOT = findRoot(import.meta.dirname);

export const fromRoot = (...parts: string[]) => path.join(APP_ROOT, ...parts);
