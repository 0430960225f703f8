import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_EMAIL_FIRST } from "../../lib/route-registry";
import { startTestApp, type TestApp } from "../../test/harness";
import { enableTwoFactor } from "../../test/two-factor";

/**
 * AUTH-15: the agent role acts for other people, so its routes need an e-mail address its holder has proved. No
 * agent feature exists yet, so a probe route is declared through the app's own route table (the guard under test
 * is the table's access rule for "agent", which every future agent route gets).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    extraRoutes: (table) =>
      table.add({ method: "get", path: "/api/agent/probe", access: "agent" }, (_req, res) => {
        res.json({ ok: true });
      }),
  });
});
afterAll(async () => {
  await t.close();
});

describe("agent routes and an unverified e-mail (AUTH-15)", () => {
  it("answer 403 saying to confirm the address until the agent has opened the verification link", async () => {
    const { agent, user } = await t.signUp({ userType: "agent" });
    const early = await agent.get("/api/agent/probe");
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ message: VERIFY_EMAIL_FIRST });

    await t.deliverOutbox();
    const token = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    expect((await t.request().post("/api/auth/verify-email").send({ token })).status).toBe(200);
    await enableTwoFactor(t, agent); // the role's other condition (role-gate.test.ts)
    const later = await agent.get("/api/agent/probe");
    expect(later.status).toBe(200);
    expect(later.body).toEqual({ ok: true });
  });

  it("still refuse a verified client: the role comes first", async () => {
    const { agent, user } = await t.signUp();
    await t.deliverOutbox();
    const token = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    await t.request().post("/api/auth/verify-email").send({ token }).expect(200);
    const res = await agent.get("/api/agent/probe");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This area is for agent accounts only.");
  });
});
