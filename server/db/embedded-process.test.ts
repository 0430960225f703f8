import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase, isDatabaseOutage, type Database } from ".";
import { lockDataDir } from "./data-dir-lock";
import { startEmbeddedProcess } from "./engine";
import { until } from "../test/helpers";

const logger = pino({ level: "silent" });
const dirs: string[] = [];
const open: Database[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-embedded-"));
  dirs.push(dir);
  return dir;
}

async function openOn(dataDir: string): Promise<Database> {
  const database = createDatabase(await startEmbeddedProcess(dataDir, logger), logger);
  open.push(database);
  return database;
}

/** The pids of the database processes serving `dataDir` (their command line names it). */
function databaseProcesses(dataDir: string): number[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return cmd.includes("pglite-process") && cmd.split("\0").includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function outcome(database: Database): Promise<"ok" | "outage" | "error"> {
  try {
    await database.db.execute(sql`select count(*) from notes`);
    return "ok";
  } catch (err) {
    return isDatabaseOutage(err) ? "outage" : "error";
  }
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database in a process of its own", { timeout: 120_000 }, () => {
  it("keeps its data across a close and a new start, and holds none of PGlite in the server process", async () => {
    const dataDir = path.join(tempDir(), "pgdata");
    const first = await openOn(dataDir);
    await first.db.execute(sql`create table notes (id serial primary key, body text not null)`);
    await first.db.execute(sql`insert into notes (body) values ('Ɛ ɔ ŋ'), ('second')`);
    expect(databaseProcesses(dataDir)).toHaveLength(1);
    await first.close();
    open.splice(0);
    expect(databaseProcesses(dataDir)).toHaveLength(0);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

    const again = await openOn(dataDir);
    const rows = await again.db.execute(sql`select body from notes order by id`);
    expect(rows.rows.map((r) => r.body)).toEqual(["Ɛ ɔ ŋ", "second"]);
  });

  it("answers as an outage while paused or dead, and comes back by itself after a crash", async () => {
    const dataDir = path.join(tempDir(), "pgdata");
    const database = await openOn(dataDir);
    await database.db.execute(sql`create table notes (id serial primary key, body text not null)`);
    expect(await outcome(database)).toBe("ok");

    await database.engine.pause();
    expect(await outcome(database)).toBe("outage");
    await database.engine.resume();
    expect(await outcome(database)).toBe("ok");

    const [pid] = databaseProcesses(dataDir);
    process.kill(pid, "SIGKILL");
    await until(() => !databaseProcesses(dataDir).includes(pid), 20_000, 100);
    expect(await outcome(database)).toBe("outage");
    await until(async () => (await outcome(database)) === "ok", 20_000, 100);
    expect(databaseProcesses(dataDir)).toHaveLength(1);
    expect(databaseProcesses(dataDir)).not.toContain(pid);
  });

  it("rolls back a transaction whose connection the crash cut", async () => {
    const dataDir = path.join(tempDir(), "pgdata");
    const database = await openOn(dataDir);
    await database.db.execute(sql`create table notes (id serial primary key, body text not null)`);
    const client = await database.pool.connect();
    client.on("error", () => undefined);
    await client.query("begin");
    await client.query("insert into notes (body) values ('half-written')");
    process.kill(databaseProcesses(dataDir)[0], "SIGKILL");
    await expect(client.query("commit")).rejects.toThrow();
    client.release(true);
    await until(async () => (await outcome(database)) === "ok", 20_000, 100);
    expect((await database.db.execute(sql`select count(*)::int as n from notes`)).rows[0].n).toBe(0);
  });

  it("follows the server out when the server is killed, and lets the next server open the data", async () => {
    const dataDir = path.join(tempDir(), "pgdata");
    const script = `
      import { startEmbeddedProcess } from ${JSON.stringify(path.resolve("server/db/engine.ts"))};
      await startEmbeddedProcess(${JSON.stringify(dataDir)});
      console.log("up");
      setInterval(() => {}, 1000);
    `;
    const server = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve) => server.stdout.on("data", (d: Buffer) => d.includes("up") && resolve()));
    expect(databaseProcesses(dataDir)).toHaveLength(1);
    server.kill("SIGKILL");
    await until(() => databaseProcesses(dataDir).length === 0, 20_000, 100);
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    const next = await openOn(dataDir);
    expect((await next.db.execute(sql`select 1 as one`)).rows[0].one).toBe(1);
  });
});

describe("the data directory lock", { timeout: 120_000 }, () => {
  it("waits for a live owner to let go, and takes over the lock of a dead one", async () => {
    const dataDir = path.join(tempDir(), "pgdata");
    const release = await lockDataDir(dataDir);
    // every try at the lock file: a waiter that found a live owner tries again, never takes it over
    const tries = vi.spyOn(fs, "writeFileSync");
    const triesAtLock = () => tries.mock.calls.filter(([file]) => file === `${dataDir}.lock`).length;
    let second: (() => void) | undefined;
    const waiting = lockDataDir(dataDir).then((r) => (second = r));
    await vi.waitFor(() => expect(triesAtLock()).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    tries.mockRestore();
    expect(second).toBeUndefined();
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    await waiting;
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    second?.();

    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    fs.writeFileSync(`${dataDir}.lock`, dead.stdout.trim());
    const taken = await lockDataDir(dataDir, 1000);
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
    taken();
  });

  it("refuses to share the data directory with a live database process", async () => {
    const dataDir = path.join(tempDir(), "pgdata");
    await openOn(dataDir);
    await expect(lockDataDir(dataDir, 500)).rejects.toThrow(/in use by process/);
  });
});
