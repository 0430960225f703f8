import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_MESSAGE } from "@shared/validators/phone";
import { startTestApp, type TestApp } from "../../test/harness";

/**
 * The owner's mobile number on PATCH /api/user (issue 14: inactivity warnings by SMS): normalised to E.164, shown to
 * the owner alone, never logged.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ captureLogs: true });
});
afterAll(async () => {
  await t.close();
});

const storedPhone = async (userId: number) =>
  (await t.db.execute<{ phone: string | null }>(sql`select phone from users where id = ${userId}`)).rows[0].phone;

describe("the profile's mobile number", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().patch("/api/user").send({ phone: "024 123 4567" })).status).toBe(401);
  });

  it("saves a Ghana number as +233…, answers it to its owner, and removes it when sent empty", async () => {
    const { agent, user } = await t.signUp();
    expect((await agent.get("/api/user")).body.phone).toBeNull();

    const saved = await agent.patch("/api/user").send({ phone: "024 123 4567" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.phone).toBe("+233241234567");
    expect((await agent.get("/api/user")).body.phone).toBe("+233241234567");
    expect(await storedPhone(user.id)).toBe("+233241234567");

    // Names alone leave the number as it is; an international number is kept in E.164.
    await agent.patch("/api/user").send({ firstName: "Kwame" }).expect(200);
    expect(await storedPhone(user.id)).toBe("+233241234567");
    await agent.patch("/api/user").send({ phone: "+44 20 7946 0958" }).expect(200);
    expect(await storedPhone(user.id)).toBe("+442079460958");

    expect((await agent.patch("/api/user").send({ phone: "" })).body.phone).toBeNull();
    expect(await storedPhone(user.id)).toBeNull();
    await agent.patch("/api/user").send({ phone: "0549876543" }).expect(200);
    expect((await agent.patch("/api/user").send({ phone: null })).body.phone).toBeNull();
  });

  it("answers 400 naming the accepted forms for a number it cannot read, and keeps the saved one", async () => {
    const { agent, user } = await t.signUp();
    await agent.patch("/api/user").send({ phone: "0241234567" }).expect(200);
    for (const phone of ["12345", "+233 24 123 456", "call me", 241234567, "0".repeat(200)]) {
      const res = await agent.patch("/api/user").send({ firstName: "Changed", phone });
      expect(res.status, JSON.stringify(phone)).toBe(400);
      expect(res.body.errors).toEqual([{ path: "phone", message: PHONE_MESSAGE }]);
    }
    expect(await storedPhone(user.id)).toBe("+233241234567");
    expect((await agent.get("/api/user")).body.firstName).toBe("Ama");
  });

  it("is never shown to another user, and never written to the log", async () => {
    const owner = await t.signUp();
    await owner.agent.patch("/api/user").send({ phone: "020 765 4321" }).expect(200);
    const other = await t.signUp();
    const seen = await other.agent.get("/api/user");
    expect(seen.body.phone).toBeNull();
    expect(JSON.stringify(seen.body)).not.toContain("7654321");
    expect(t.logs()).not.toMatch(/7654321|765 4321/);
  });
});
