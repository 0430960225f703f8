import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database";
import { Session } from "./http";
import {
  createSite,
  killLeftovers,
  removeSite,
  startServer,
  stopGracefully,
  waitFor,
  type ServerProcess,
  type Site,
} from "./process";

/**
 * The start-up migration with the real server process (CRYPT-M1): a will an earlier version stored in plain text
 * is encrypted by the next start, beside live traffic, and its owner reads it unchanged before and after.
 */

const CANARY = "STARTUP-CANARY-90d2";

let db: TestDatabase;
let site: Site;
let server: ServerProcess | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  site = await createSite(db.url);
});
afterAll(async () => {
  await killLeftovers();
  await db.drop();
  removeSite(site);
});

async function stop(): Promise<void> {
  if (!server) return;
  const code = await stopGracefully(server);
  server = undefined;
  expect(code).toBe(0);
}

describe("start-up encryption of plain-text fields", () => {
  it("encrypts a will stored in plain text when the server starts, and its owner reads it unchanged", async () => {
    server = await startServer(site);
    const session = await Session.register(site.baseUrl);
    const me = await session.json<{ id: number }>("/api/user");
    await stop();

    const title = `Old will ${CANARY}`;
    const content = `My cocoa farm near Sunyani goes to Kofi. ${CANARY}`;
    // What an earlier version wrote: no enc_version, so the column default (0, plain text) applies.
    await db.query(
      site.dataDir,
      "INSERT INTO digital_wills (user_id, title, content, is_active, version) VALUES ($1, $2, $3, true, 1)",
      [me.body.id, title, content],
    );

    server = await startServer(site, { LOG_LEVEL: "info" });
    const running = server;
    const done = await waitFor(() => running.logs.join("").includes('"event":"legacy_fields_encrypted"'), 30_000);
    expect(done, running.logs.join("")).toBe(true);
    expect(running.logs.join("")).toContain('"encrypted":1,"failed":0');
    const active = await session.json<{ title: string; content: string }>("/api/digital-wills/active");
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ title, content });
    await stop();

    const rows = await db.query<{ title: string; content: string; enc_version: number }>(
      site.dataDir,
      "SELECT title, content, enc_version FROM digital_wills WHERE user_id = $1",
      [me.body.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].enc_version).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(CANARY);
    expect(rows[0].content).toMatch(/^v1\./);
    // Two server starts (each up to 45 s on a loaded machine), as in the other process tests.
  }, 150_000);
});
