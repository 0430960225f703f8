import fs from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "./db";
import { issueSetupTokenIfNoAdmin } from "./features/auth/admin-setup.service";
import type { Clock } from "./lib/clock";

/**
 * At start-up with no admin: issues a set-up token, writes it to DATA_DIR/setup-token (0600) and prints it as one
 * console line. The structured log only says where the file is: log pipelines are shipped and kept, and the token
 * makes its holder an admin.
 */
export async function announceSetupToken(deps: {
  db: Db;
  clock: Clock;
  dataDir: string;
  logger: Logger;
  print?: (line: string) => void;
}): Promise<boolean> {
  const token = await issueSetupTokenIfNoAdmin(deps.db, deps.clock);
  if (!token) return false;
  const file = path.join(deps.dataDir, "setup-token");
  fs.mkdirSync(deps.dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, token + "\n", { mode: 0o600 });
  fs.chmodSync(file, 0o600); // an existing file keeps its old mode through writeFileSync
  const print = deps.print ?? ((line: string) => process.stderr.write(line + "\n"));
  print(
    `No admin yet. One-time admin set-up token (valid 24 hours): ${token} — POST /api/auth/promote-admin {"setupToken": "…"}`,
  );
  deps.logger.warn(
    { file },
    "No admin yet: a one-time set-up token was printed on the console and written to the file",
  );
  return true;
}
