import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

describe("PATCH /api/user", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().patch("/api/user").send({ firstName: "Kofi" })).status).toBe(401);
  });

  it("updates the names and answers the user object", async () => {
    const { agent } = await t.signUp();
    const res = await agent.patch("/api/user").send({ firstName: " Kwame ", lastName: "Boateng" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Kwame", lastName: "Boateng" });
    expect((await agent.get("/api/user")).body.firstName).toBe("Kwame");
    expect((await agent.patch("/api/user").send({ firstName: "" })).status).toBe(400);
  });

  it("refuses any other field with 400 and changes nothing (MASS-04)", async () => {
    const { agent, user } = await t.signUp();
    const before = (await agent.get("/api/user")).body;
    for (const field of [
      { userType: "admin" },
      { plan: "professional" },
      { storageLimit: 1e12 },
      { stripeCustomerId: "cus_evil" },
      { passwordHash: "x" },
      { email: "attacker@evil.example" },
      { emailVerified: true },
    ]) {
      const res = await agent.patch("/api/user").send({ firstName: "Changed", ...field });
      expect(res.status, JSON.stringify(field)).toBe(400);
    }
    expect((await agent.get("/api/user")).body).toEqual(before);
    const row = await t.db.execute<{ stripe_customer_id: string | null }>(
      sql`select stripe_customer_id from users where id = ${user.id}`,
    );
    expect(row.rows[0].stripe_customer_id).toBeNull();
  });
});

describe("the profile photo", () => {
  it("is stored encrypted, shown to its owner, replaced and removed", async () => {
    const { agent, user } = await t.signUp();
    expect((await agent.get("/api/user/photo")).status).toBe(404);
    const res = await agent.post("/api/user/photo").set("Content-Type", "image/png").send(PNG);
    expect(res.status).toBe(201);
    expect(res.body.profileImageUrl).toMatch(/^\/api\/user\/photo\?v=/);
    expect((await agent.get("/api/user")).body.profileImageUrl).toBe(res.body.profileImageUrl);

    const shown = await agent.get("/api/user/photo").buffer(true);
    expect(shown.status).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(shown.body as Buffer, PNG)).toBe(0);

    const row = await t.db.execute<{ blob_key: string }>(
      sql`select blob_key from profile_photos where user_id = ${user.id}`,
    );
    const key = row.rows[0].blob_key;
    const stored: Buffer[] = [];
    for await (const chunk of await t.storage.get(key)) stored.push(chunk as Buffer);
    expect(Buffer.concat(stored).includes(PNG.subarray(16, 40))).toBe(false);

    await agent.post("/api/user/photo").set("Content-Type", "image/png").send(PNG).expect(201);
    expect(await t.storage.exists(key)).toBe(false);
    expect((await agent.delete("/api/user/photo")).status).toBe(204);
    expect((await agent.get("/api/user/photo")).status).toBe(404);
    expect((await agent.get("/api/user")).body.profileImageUrl).toBeNull();
  });

  it("refuses content that is not a JPEG or PNG, whatever its declared type, and other users never see it", async () => {
    const { agent } = await t.signUp();
    const fake = await agent.post("/api/user/photo").set("Content-Type", "image/png").send(Buffer.from("<svg/>"));
    expect(fake.status).toBe(400);
    const wrongType = await agent.post("/api/user/photo").set("Content-Type", "text/html").send("<p>x</p>");
    expect(wrongType.status).toBe(400);
    const big = await agent
      .post("/api/user/photo")
      .set("Content-Type", "image/jpeg")
      .send(Buffer.alloc(3 * 1024 * 1024, 0xff));
    expect(big.status).toBe(413);
    await agent.post("/api/user/photo").set("Content-Type", "image/png").send(PNG).expect(201);
    const other = await t.signUp();
    expect((await other.agent.get("/api/user/photo")).status).toBe(404);
  });
});
