import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { trustProxy: 1 } });
});
afterAll(async () => {
  await t.close();
});

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME_WIN =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type Row = { id: string; device: string; place: string; lastSeenAt: string; current: boolean };

async function signInFrom(email: string, password: string, ua: string, ip: string) {
  const browser = t.agent();
  const res = await browser
    .post("/api/login")
    .set("User-Agent", ua)
    .set("X-Forwarded-For", ip)
    .send({ email, password });
  expect(res.status).toBe(200);
  return browser;
}

describe("GET /api/user/sessions", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().get("/api/user/sessions")).status).toBe(401);
  });

  it("lists only the user's own sessions with device, coarse network and last seen, never the session id", async () => {
    const { user, password } = await t.signUp();
    const stranger = await t.signUp();
    const laptop = await signInFrom(user.email, password, FIREFOX, "203.0.113.77");
    await signInFrom(user.email, password, CHROME_WIN, "2001:db8:abcd:12::5");
    const res = await laptop.get("/api/user/sessions").set("X-Forwarded-For", "203.0.113.77");
    expect(res.status).toBe(200);
    const rows = res.body as Row[];
    expect(rows).toHaveLength(3); // sign-up, laptop, phone; the stranger's session is not there
    expect(rows[0]).toMatchObject({ current: true, device: "Firefox on Linux", place: "IPv4 203.0.113.0/24" });
    expect(rows.find((r) => r.device === "Chrome on Windows")?.place).toBe("IPv6 2001:db8:abcd::/48");
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    const sids = await t.db.execute<{ sid: string }>(sql`select sid from session`);
    for (const { sid } of sids.rows) expect(res.text).not.toContain(sid);
    expect(res.text).not.toContain("203.0.113.77");
    const theirs = (await stranger.agent.get("/api/user/sessions")).body as Row[];
    expect(theirs).toHaveLength(1);
    expect(rows.map((r) => r.id)).not.toContain(theirs[0].id);
  });

  it("updates last seen as the session is used, at most once a minute", async () => {
    const { agent } = await t.signUp();
    const first = ((await agent.get("/api/user/sessions")).body as Row[])[0].lastSeenAt;
    t.clock.advance(5 * 60 * 1000);
    await agent.get("/api/user");
    const later = ((await agent.get("/api/user/sessions")).body as Row[])[0].lastSeenAt;
    expect(new Date(later).getTime() - new Date(first).getTime()).toBe(5 * 60 * 1000);
  });
});

describe("DELETE /api/user/sessions/:id and DELETE /api/user/sessions", () => {
  it("signs out one other session: that browser gets 401, this one stays", async () => {
    const { agent, user, password } = await t.signUp();
    const phone = await signInFrom(user.email, password, CHROME_WIN, "198.51.100.4");
    const rows = (await agent.get("/api/user/sessions")).body as Row[];
    const target = rows.find((r) => !r.current)!;
    expect((await agent.delete(`/api/user/sessions/${target.id}`)).status).toBe(204);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await agent.get("/api/user")).status).toBe(200);
    expect((await agent.get("/api/user/sessions")).body).toHaveLength(1);
  });

  it("answers 404 for another user's session and leaves it signed in", async () => {
    const owner = await t.signUp();
    const attacker = await t.signUp();
    const [theirs] = (await owner.agent.get("/api/user/sessions")).body as Row[];
    const res = await attacker.agent.delete(`/api/user/sessions/${theirs.id}`);
    expect(res.status).toBe(404);
    expect((await attacker.agent.delete("/api/user/sessions/unknown-session-id")).text).toBe(res.text);
    expect((await owner.agent.get("/api/user")).status).toBe(200);
  });

  it("signs out the current session when it is the one chosen", async () => {
    const { agent } = await t.signUp();
    const [mine] = (await agent.get("/api/user/sessions")).body as Row[];
    const res = await agent.delete(`/api/user/sessions/${mine.id}`);
    expect(res.status).toBe(204);
    expect(res.headers["clear-site-data"]).toContain("cookies");
    expect((await agent.get("/api/user")).status).toBe(401);
  });

  it("signs out everywhere else, keeping this session and other users' sessions", async () => {
    const { agent, user, password } = await t.signUp();
    const bystander = await t.signUp();
    const a = await signInFrom(user.email, password, FIREFOX, "203.0.113.1");
    const b = await signInFrom(user.email, password, CHROME_WIN, "203.0.113.2");
    const res = await agent.delete("/api/user/sessions");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    expect((await a.get("/api/user")).status).toBe(401);
    expect((await b.get("/api/user")).status).toBe(401);
    expect((await agent.get("/api/user")).status).toBe(200);
    expect((await bystander.agent.get("/api/user")).status).toBe(200);
  });
});

describe("the session table's user index", () => {
  it("finds a user's sessions through session_user_idx, not a scan of every session", async () => {
    const { user } = await t.signUp();
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await t.db.execute<{ "QUERY PLAN": string }>(
        sql`explain select sid from session where user_id = ${user.id}`,
      );
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/session_user_idx/);
    } finally {
      await t.db.execute(sql`reset enable_seqscan`);
    }
  });
});
