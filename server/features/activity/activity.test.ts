import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@shared/schema";
import type { ActivityDto } from "@shared/validators/notifications";
import { startTestApp, type TestApp } from "../../test/harness";

/** GET /api/activity: the audit events about the caller's own estate (contract "Background work…"). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Agent = Awaited<ReturnType<TestApp["signUp"]>>["agent"];
const activity = async (agent: Agent, q = "") => {
  const res = await agent.get(`/api/activity${q}`);
  expect(res.status).toBe(200);
  return { rows: res.body as ActivityDto[], total: Number(res.headers["x-total-count"]) };
};

describe("GET /api/activity", () => {
  it("shows the user's own actions and what happened to their estate, newest first, and nothing of anyone else's", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    await owner.agent.post("/api/login").send({ email: owner.user.email, password: owner.password }).expect(200);
    t.clock.advance(1000);
    await owner.agent.get("/api/export/backup?format=json").expect(200);
    await stranger.agent.get("/api/export/backup?format=pdf").expect(200);
    t.clock.advance(1000);
    // Something done to the owner's estate by someone else (a beneficiary opening a release), from their address.
    await t.db.insert(auditEvents).values([
      {
        at: t.clock.now(),
        actorId: null,
        subjectUserId: owner.user.id,
        action: "release_opened",
        target: "release:7",
        ip: "203.0.113.9",
        requestId: "req-1",
        details: { beneficiaryName: "Kofi", ip: "203.0.113.9", email: "kofi@example.com", link: "A".repeat(43) },
      },
      // …and an event of the stranger's own estate: never the owner's business
      { at: t.clock.now(), actorId: stranger.user.id, subjectUserId: stranger.user.id, action: "trigger_cancelled" },
    ]);

    const { rows, total } = await activity(owner.agent);
    expect(rows.map((r) => r.action)).toEqual(["release_opened", "export", "login_succeeded"]);
    expect(total).toBe(3);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      at: t.clock.now().toISOString(),
      action: "release_opened",
      actor: "other",
      target: "release:7",
      details: { beneficiaryName: "Kofi" },
    });
    expect(rows[1]).toMatchObject({ action: "export", actor: "self", target: "json" });
    const text = JSON.stringify(rows);
    for (const secret of ["203.0.113.9", "req-1", "kofi@example.com", "A".repeat(43), owner.user.email]) {
      expect(text).not.toContain(secret);
    }

    const theirs = await activity(stranger.agent);
    expect(theirs.rows.map((r) => r.action)).toEqual(["trigger_cancelled", "export"]);
    expect(JSON.stringify(theirs.rows)).not.toContain("release_opened");
  });

  it("pages with limit and offset and refuses a bad query", async () => {
    const { agent, user, password } = await t.signUp();
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1000);
      await agent.post("/api/login").send({ email: user.email, password }).expect(200);
    }
    const first = await activity(agent, "?limit=2");
    const second = await activity(agent, "?limit=2&offset=2");
    const last = await activity(agent, "?limit=2&offset=4");
    expect(first.total).toBe(5);
    expect([...first.rows, ...second.rows, ...last.rows].map((r) => r.at)).toEqual(
      [...Array(5).keys()].map((i) => new Date(t.clock.now().getTime() - i * 1000).toISOString()),
    );
    expect(last.rows).toHaveLength(1);
    for (const q of ["?limit=0", "?limit=101", "?offset=-1", "?limit=x"]) {
      expect((await agent.get(`/api/activity${q}`)).status, q).toBe(400);
    }
  });

  it("answers 401 without a sign-in", async () => {
    expect((await t.request().get("/api/activity")).status).toBe(401);
  });
});
