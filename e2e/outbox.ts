import fs from "node:fs";
import path from "node:path";

/**
 * The token of the newest dev-outbox mail to `to` holding a `/<kind>/<token>` link, decoded enough to read it
 * (quoted-printable soft breaks). The server's outbox worker writes the file a moment after the request, so this
 * waits up to `waitMs` for it.
 */
export async function outboxToken(dataDir: string, to: string, kind: string, waitMs = 10_000): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "");
      if (!text.includes(to)) continue;
      const match = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`).exec(text);
      if (match) return match[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} e-mail for ${to} in ${outbox}`);
}
