import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications } from "@shared/schema";
import type { NotificationDto } from "@shared/validators/notifications";
import { notify } from "../../lib/notifications";
import { startTestApp, type TestApp } from "../../test/harness";

/** GET /api/notifications, POST /api/notifications/:id/read and /read-all (contract "Background work…"). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** `count` notifications for the user, one minute apart (the clock moves on), oldest first. */
async function notifyMany(userId: number, count: number) {
  for (let i = 0; i < count; i += 1) {
    t.clock.advance(60_000);
    await notify(t.db, t.deps, [
      {
        userId,
        kind: "test",
        title: `Note ${i + 1}`,
        body: `Body ${i + 1}`,
        link: "/dashboard",
        dedupeKey: `n:${++seq}`,
      },
    ]);
  }
}
const list = async (agent: TestApp["signUp"] extends () => Promise<{ agent: infer A }> ? A : never, q = "") => {
  const res = await agent.get(`/api/notifications${q}`);
  expect(res.status).toBe(200);
  return {
    rows: res.body as NotificationDto[],
    total: Number(res.headers["x-total-count"]),
    unread: Number(res.headers["x-unread-count"]),
  };
};
const readAtOf = async (id: number) =>
  (await t.db.select().from(notifications).where(eq(notifications.id, id)))[0].readAt;

describe("GET /api/notifications", () => {
  it("lists the user's own, newest first, paginated with X-Total-Count and the unread count", async () => {
    const { agent, user } = await t.signUp();
    const other = await t.signUp();
    await notifyMany(user.id, 4);
    const newestAt = t.clock.now().toISOString();
    await notifyMany(other.user.id, 2);

    const all = await list(agent);
    // the sign-up's "confirm your address" notice and the four above
    expect(all.total).toBe(5);
    expect(all.unread).toBe(5);
    expect(all.rows.map((n) => n.title)).toEqual([
      "Note 4",
      "Note 3",
      "Note 2",
      "Note 1",
      "Confirm your e-mail address",
    ]);
    expect(all.rows[0]).toEqual({
      id: expect.any(Number),
      kind: "test",
      title: "Note 4",
      body: "Body 4",
      link: "/dashboard",
      createdAt: newestAt,
      readAt: null,
    });
    const page = await list(agent, "?limit=2&offset=2");
    expect(page.rows.map((n) => n.title)).toEqual(["Note 2", "Note 1"]);
    expect(page.total).toBe(5);
  });

  it("keeps only the unread ones with ?unread=1, and refuses a bad query with 400", async () => {
    const { agent, user } = await t.signUp();
    await notifyMany(user.id, 3);
    const [newest] = (await list(agent)).rows;
    await agent.post(`/api/notifications/${newest.id}/read`).expect(200);
    const unread = await list(agent, "?unread=1");
    expect(unread.rows.map((n) => n.title)).toEqual(["Note 2", "Note 1", "Confirm your e-mail address"]);
    expect(unread.total).toBe(3);
    expect((await list(agent)).total).toBe(4);
    for (const q of ["?limit=0", "?limit=101", "?offset=-1", "?unread=maybe"]) {
      expect((await agent.get(`/api/notifications${q}`)).status, q).toBe(400);
    }
  });

  it("answers 401 without a sign-in", async () => {
    expect((await t.request().get("/api/notifications")).status).toBe(401);
    expect((await t.request().post("/api/notifications/read-all").send({})).status).toBe(401);
  });
});

describe("marking read", () => {
  it("marks one read at the clock's time, keeps the first time on a repeat, and 404s another user's id unchanged", async () => {
    const { agent, user } = await t.signUp();
    const stranger = await t.signUp();
    await notifyMany(user.id, 1);
    const [mine] = (await list(agent)).rows;
    const readAt = t.clock.now().toISOString();
    const first = await agent.post(`/api/notifications/${mine.id}/read`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: mine.id, readAt });
    t.clock.advance(5_000);
    expect((await agent.post(`/api/notifications/${mine.id}/read`)).body.readAt).toBe(readAt);

    const [theirs] = (await list(stranger.agent)).rows;
    const foreign = await agent.post(`/api/notifications/${theirs.id}/read`);
    const missing = await agent.post("/api/notifications/2147483000/read");
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    expect((await agent.post("/api/notifications/abc/read")).status).toBe(404);
    expect(await readAtOf(theirs.id)).toBeNull();
  });

  it("read-all marks every one of the caller's, and nobody else's", async () => {
    const { agent, user } = await t.signUp();
    const stranger = await t.signUp();
    await notifyMany(user.id, 2);
    const res = await agent.post("/api/notifications/read-all").send({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 3 });
    expect((await list(agent)).unread).toBe(0);
    expect((await list(agent, "?unread=1")).rows).toEqual([]);
    expect((await list(stranger.agent)).unread).toBe(1);
  });
});

describe("what the product e-mails a user also appears in-app", () => {
  it("the confirmation link appears at sign-up and is settled once the address is confirmed", async () => {
    const { agent } = await t.signUp();
    const [pending] = (await list(agent)).rows;
    expect(pending).toMatchObject({ kind: "verify_email", title: "Confirm your e-mail address", readAt: null });
    const { agent: verified } = await t.signUp({ verified: true });
    const after = await list(verified);
    expect(after.unread).toBe(0);
    expect(after.rows[0]).toMatchObject({ kind: "verify_email", readAt: t.clock.now().toISOString() });
  });

  it("an export notifies its owner beside the e-mail", async () => {
    const { agent } = await t.signUp();
    expect((await agent.get("/api/export/backup?format=json")).status).toBe(200);
    // The notice is queued once the last byte has left, which can be after the client has read the whole response.
    const n = await vi.waitFor(
      async () => {
        const [first] = (await list(agent)).rows.filter((row) => row.kind === "export_notice");
        if (!first) throw new Error("no export notice yet");
        return first;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(n).toMatchObject({ kind: "export_notice", title: "Your Heirloom data was exported", readAt: null });
    expect(n.body).toMatch(/complete copy of your records \(JSON\)/);
  });

  it("a beneficiary confirming their address tells the owner, once", async () => {
    const { agent } = await t.signUp({ firstName: "Yaw", verified: true });
    const email = t.uniqueEmail("ben");
    const created = await agent
      .post("/api/beneficiaries")
      .send({ firstName: "Akosua", lastName: "Darko", email, relationship: "spouse" });
    expect(created.status).toBe(201);
    await t.deliverOutbox();
    const token = t.smtp.linkFor(email, "/verify-beneficiary/")!.split("/").pop()!;
    expect((await t.request().post(`/api/beneficiary-verification/${token}`)).status).toBe(200);
    expect((await t.request().post(`/api/beneficiary-verification/${token}`)).status).toBe(409);
    const found = (await list(agent)).rows.filter((n) => n.kind === "beneficiary_verified");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ title: "Akosua confirmed their e-mail address", link: "/beneficiaries" });
  });
});
