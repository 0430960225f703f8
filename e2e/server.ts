import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  logs: string[];
  process: ChildProcess;
  stop(): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * `<node flags> dist/server/index.mjs` exactly as package.json's start script runs the bundle, so whatever starts the
 * bundle (benchmarks) follows its flags.
 */
export function startScriptArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  const bundle = words.indexOf("dist/server/index.mjs");
  const node = words.lastIndexOf("node", bundle);
  if (bundle < 0 || node < 0)
    throw new Error(`the start script does not run dist/server/index.mjs: ${pkg.scripts.start}`);
  return words.slice(node + 1, bundle + 1);
}

/**
 * Starts the real server as `npm start` runs it (the compiled dist/server/index.mjs with the start script's node
 * flags, never the sources through tsx) on a free port with a temporary DATA_DIR. `nodeArgs` go before the bundle
 * (a benchmark's probe preloaded with --import). The caller builds first (npm run build or scripts/ensure-build.mjs).
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, "dist/server/index.mjs")))
    throw new Error("dist/server/index.mjs is missing: run npm run build first");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const logs: string[] = [];
  const entry = [...(opts.nodeArgs ?? []), ...startScriptArgs()];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => logs.push(d.toString()));
  child.stderr?.on("data", (d: Buffer) => logs.push(d.toString()));
  const deadline = Date.now() + 60_000;
  for (let healthy = false; !healthy;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join("")}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /api/health within 60 s:\n${logs.join("")}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      healthy = res.ok;
    } catch {
      // not listening yet
    }
    if (!healthy) await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    logs,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
