// Writes a Brotli (.br) and a gzip (.gz) twin next to every text file of the client build, once, at the highest
// levels: the server (server/spa.ts) sends them to browsers that take them, so nothing is compressed per request.
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const TEXT_FILE = /\.(?:js|css|html|svg|json|txt)$/;
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (TEXT_FILE.test(entry.name)) yield full;
  }
}

/** Compresses every text file under `dir`; a twin that would not be smaller is not written. */
export function compressTree(dir: string): void {
  for (const file of walk(dir)) {
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}

/** Vite plugin: compresses the finished client build (after every other plugin's closeBundle in the list). */
export function precompress(outDir: string): Plugin {
  return {
    name: "heirloom:precompress",
    apply: "build",
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        compressTree(outDir);
      },
    },
  };
}
