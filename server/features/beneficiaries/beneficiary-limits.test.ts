import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beneficiaries, users } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";
import { burst } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const LIMIT_MESSAGE = "Your Freemium plan allows 3 beneficiaries. Upgrade your plan to add more.";
const person = (n: number) => ({
  firstName: `Kofi${n}`,
  lastName: "Boateng",
  email: `kofi${n}.${Date.now()}@example.com`,
  relationship: "child",
});
const countOf = async (userId: number) =>
  (await t.db.select().from(beneficiaries).where(eq(beneficiaries.userId, userId))).length;

describe("the Freemium beneficiary limit", () => {
  it("answers 402 for the 4th beneficiary, creates nothing and mails no one", async () => {
    const { agent, user } = await t.signUp();
    for (const n of [1, 2, 3]) expect((await agent.post("/api/beneficiaries").send(person(n))).status).toBe(201);
    const fourth = person(4);
    const res = await agent.post("/api/beneficiaries").send(fourth);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: LIMIT_MESSAGE });
    expect(await countOf(user.id)).toBe(3);
    expect(t.smtp.to(fourth.email)).toHaveLength(0);
  });

  it("frees a place when one is deleted", async () => {
    const { agent, user } = await t.signUp();
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push((await agent.post("/api/beneficiaries").send(person(n))).body.id);
    await agent.delete(`/api/beneficiaries/${ids[0]}`);
    expect((await agent.post("/api/beneficiaries").send(person(4))).status).toBe(201);
    expect(await countOf(user.id)).toBe(3);
  });

  it("never ends above 3 when 6 creates race at the edge (RACE, real PostgreSQL)", async () => {
    const { agent, user } = await t.signUp();
    await agent.post("/api/beneficiaries").send(person(0));
    const results = await burst(6, (n) => agent.post("/api/beneficiaries").send(person(n + 1)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 402, 402, 402, 402]);
    expect(await countOf(user.id)).toBe(3);
  });

  it("lets paid plans add more than 3", async () => {
    const { agent, user } = await t.signUp();
    await t.db.update(users).set({ plan: "basic_premium" }).where(eq(users.id, user.id));
    for (const n of [1, 2, 3, 4, 5]) expect((await agent.post("/api/beneficiaries").send(person(n))).status).toBe(201);
    expect(await countOf(user.id)).toBe(5);
  });

  it("reads an unknown or legacy plan value as Freemium", async () => {
    const { agent, user } = await t.signUp();
    await t.db.update(users).set({ plan: "free" }).where(eq(users.id, user.id));
    for (const n of [1, 2, 3]) await agent.post("/api/beneficiaries").send(person(n));
    expect((await agent.post("/api/beneficiaries").send(person(4))).status).toBe(402);
  });
});
