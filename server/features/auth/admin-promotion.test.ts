import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSetupTokenIfNoAdmin } from "./auth.service";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: "boss@heirloom.example" } });
});
afterAll(async () => {
  await t.close();
});

describe("POST /api/auth/promote-admin", () => {
  it("refuses a user who is neither listed nor holding the set-up token", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/auth/promote-admin").send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You are not eligible for admin privileges." });
    expect((await agent.get("/api/user")).body.userType).toBe("client");
  });

  it("needs a signed-in user", async () => {
    expect((await t.request().post("/api/auth/promote-admin").send({})).status).toBe(401);
  });

  it("promotes with the one-time set-up token while no admin exists, and the token works once", async () => {
    const token = await issueSetupTokenIfNoAdmin(t.db);
    expect(token).toBeTruthy();
    const wrong = await t.signUp();
    expect((await wrong.agent.post("/api/auth/promote-admin").send({ setupToken: "guess" })).status).toBe(403);
    const { agent } = await t.signUp();
    const res = await agent.post("/api/auth/promote-admin").send({ setupToken: token });
    expect(res.status).toBe(200);
    expect(res.body.userType).toBe("admin");
    const second = await t.signUp();
    expect((await second.agent.post("/api/auth/promote-admin").send({ setupToken: token })).status).toBe(403);
    expect(await issueSetupTokenIfNoAdmin(t.db)).toBeUndefined();
  });

  it("promotes an e-mail listed in ADMIN_EMAILS", async () => {
    const { agent } = await t.signUp({ email: "boss@heirloom.example" });
    const res = await agent.post("/api/auth/promote-admin").send({});
    expect(res.status).toBe(200);
    expect(res.body.userType).toBe("admin");
  });

  it("has no default accounts", async () => {
    const res = await t.request().post("/api/login").send({ email: "admin@heirloom.local", password: "admin1234" });
    expect(res.status).toBe(401);
    expect(fs.existsSync(t.dataDir)).toBe(true);
  });
});
