import fs from "node:fs";

/** How long to wait for another process to let go of the data directory before giving up. */
const LOCK_WAIT_MS = 30_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One PGlite per data directory: a lock file (`<dataDir>.lock`) holding the owner's pid; returns its release. A
 * server restarted right after a crash finds the old database process still closing the files and waits for it; the
 * stale lock of a dead process is taken over.
 */
export async function lockDataDir(dataDir: string, waitMs = LOCK_WAIT_MS): Promise<() => void> {
  const lockPath = `${dataDir}.lock`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    let text: string;
    try {
      text = fs.readFileSync(lockPath, "utf8").trim();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue; // released in between
      throw err;
    }
    const owner = Number(text);
    // An empty file is a lock being written this instant; a dead owner's lock is stale.
    if (text !== "" && (!Number.isInteger(owner) || owner <= 0 || !isAlive(owner))) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`the data directory is in use by process ${owner}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
