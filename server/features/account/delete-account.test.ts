import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enableTwoFactor } from "../../test/two-factor";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Agent = ReturnType<TestApp["agent"]>;
/** A real 1×1 PNG, for the profile photo. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const upload = (agent: Agent, name: string) =>
  agent
    .post("/api/assets/upload")
    .field("category", "documents")
    .attach("files", Buffer.from(`%PDF-1.4\n%${name}\n%%EOF\n`), { filename: name, contentType: "application/pdf" });

const count = async (query: ReturnType<typeof sql>) => Number((await t.db.execute<{ n: number }>(query)).rows[0].n);

describe("DELETE /api/user", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().delete("/api/user").send({ password: "x" })).status).toBe(401);
  });

  it("refuses a wrong password or a stale sign-in and keeps everything", async () => {
    const { agent, user, password } = await t.signUp();
    const wrong = await agent.delete("/api/user").send({ password: "Not-The-Password-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: "password", message: "The password is not correct." }]);
    expect((await agent.delete("/api/user").send({})).status).toBe(400);
    t.clock.advance(16 * 60 * 1000);
    await agent.get("/api/user");
    const stale = await agent.delete("/api/user").send({ password });
    expect(stale.status).toBe(401);
    expect((await agent.get("/api/user")).status).toBe(200);
    expect(await count(sql`select count(*)::int as n from users where id = ${user.id}`)).toBe(1);
  });

  it("erases the account: sessions end, sign-in fails, files and photo leave storage, the key is shredded, others keep theirs", async () => {
    const { agent, user, password } = await t.signUp({ verified: true });
    const other = await t.agent().post("/api/login").send({ email: user.email, password });
    expect(other.status).toBe(200);
    const secondBrowser = t.agent();
    await secondBrowser.post("/api/login").send({ email: user.email, password }).expect(200);
    const uploaded = await upload(agent, "deed.pdf");
    expect(uploaded.status).toBe(201);
    await agent
      .post("/api/online-accounts")
      .send({ accountName: "Gmail", accountType: "email", username: "ama.secret" })
      .expect(201);
    await agent.post("/api/digital-wills").send({ title: "My will", content: "Everything to Kofi." }).expect(201);
    const keys = await t.db.execute<{ file_path: string }>(
      sql`select file_path from digital_assets where user_id = ${user.id}`,
    );
    expect(keys.rows).toHaveLength(1);
    const blobKey = keys.rows[0].file_path;
    expect(await t.storage.exists(blobKey)).toBe(true);
    await agent.post("/api/user/photo").set("Content-Type", "image/png").send(PNG).expect(201);
    const photoKey = (
      await t.db.execute<{ blob_key: string }>(sql`select blob_key from profile_photos where user_id = ${user.id}`)
    ).rows[0].blob_key;
    await enableTwoFactor(t, agent); // its secret and recovery codes go with the account

    // Someone else's estate names this person as a beneficiary, and keeps a file of their own.
    const neighbour = await t.signUp();
    await neighbour.agent
      .post("/api/beneficiaries")
      .send({ firstName: "Ama", lastName: "Mensah", email: user.email, relationship: "sibling" })
      .expect(201);
    await upload(neighbour.agent, "theirs.pdf").expect(201);
    const theirKey = (
      await t.db.execute<{ file_path: string }>(
        sql`select file_path from digital_assets where user_id = ${neighbour.user.id}`,
      )
    ).rows[0].file_path;

    const res = await agent.delete("/api/user").send({ password });
    expect(res.status).toBe(200);
    expect(res.headers["clear-site-data"]).toContain("cookies");

    expect((await agent.get("/api/user")).status).toBe(401);
    expect((await secondBrowser.get("/api/user")).status).toBe(401);
    expect((await t.request().post("/api/login").send({ email: user.email, password })).status).toBe(401);
    expect(await t.storage.exists(blobKey)).toBe(false);
    expect(await t.storage.exists(photoKey)).toBe(false);
    const tables = ["users", "user_keys", "digital_assets", "online_accounts", "digital_wills", "owner_counts"];
    for (const table of [...tables, "known_devices", "totp_credentials", "recovery_codes"]) {
      const n = await count(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(table === "users" ? "id" : "user_id")} = ${user.id}`,
      );
      expect(n, table).toBe(0);
    }
    expect(await count(sql`select count(*)::int as n from session where user_id = ${user.id}`)).toBe(0);

    // The neighbour's beneficiary row naming this address, their file and their session are untouched.
    const named = await neighbour.agent.get("/api/beneficiaries");
    expect((named.body as { email: string }[]).map((b) => b.email)).toEqual([user.email]);
    expect(await t.storage.exists(theirKey)).toBe(true);
    expect((await neighbour.agent.get("/api/assets")).status).toBe(200);

    // The audit trail records the deletion without the address or the e-mail.
    const events = await t.db.execute<{ action: string; ip: string | null; target: string | null }>(
      sql`select action, ip, target from audit_events where actor_id = ${user.id} or subject_user_id = ${user.id}`,
    );
    expect(events.rows.map((e) => e.action)).toContain("account_deleted");
    expect(events.rows.every((e) => e.ip === null)).toBe(true);
    expect(JSON.stringify(events.rows)).not.toContain(user.email);

    await t.deliverOutbox();
    expect(t.smtp.to(user.email).at(-1)!.text).toContain("Your Heirloom account was deleted");
  });

  it("lets the address sign up again as a new, empty account", async () => {
    const { agent, user, password } = await t.signUp();
    await agent.delete("/api/user").send({ password }).expect(200);
    const again = await t.signUp({ email: user.email });
    expect(again.user.id).not.toBe(user.id);
    expect((await again.agent.get("/api/assets")).body).toEqual([]);
  });
});
