import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beneficiaries, users } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const person = (n = 1) => ({
  firstName: `Abena${n}`,
  lastName: "Owusu",
  email: `abena${n}.${Date.now()}@example.com`,
  relationship: "sibling",
});
const rowsOf = (userId: number) =>
  t.db.select().from(beneficiaries).where(eq(beneficiaries.userId, userId)).orderBy(beneficiaries.id);
const DTO_KEYS = [
  "createdAt",
  "dateOfBirth",
  "email",
  "firstName",
  "id",
  "lastName",
  "relationship",
  "status",
  "updatedAt",
  "verificationMail",
  "verifiedAt",
];

describe("beneficiaries without a session", () => {
  it("answers 401 on every owner route", async () => {
    const anon = t.request();
    for (const res of [
      await anon.get("/api/beneficiaries"),
      await anon.post("/api/beneficiaries").send(person()),
      await anon.get("/api/beneficiaries/1"),
      await anon.patch("/api/beneficiaries/1").send({ firstName: "X" }),
      await anon.delete("/api/beneficiaries/1"),
      await anon.post("/api/beneficiaries/1/resend-verification"),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
  });
});

describe("POST /api/beneficiaries", () => {
  it("answers 400 with the spec's four messages", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent
      .post("/api/beneficiaries")
      .send({ firstName: " ", lastName: "", email: "not-an-email", relationship: "cousin" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("First name is required");
    expect(res.body.errors).toEqual([
      { path: "firstName", message: "First name is required" },
      { path: "lastName", message: "Last name is required" },
      { path: "email", message: "Valid email is required" },
      { path: "relationship", message: "Relationship is required" },
    ]);
    const empty = await agent.post("/api/beneficiaries").send({});
    expect(empty.body.errors.map((e: { message: string }) => e.message)).toEqual([
      "First name is required",
      "Last name is required",
      "Valid email is required",
      "Relationship is required",
    ]);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("creates a pending beneficiary and answers the contract's object without token fields", async () => {
    const { agent, user } = await t.signUp();
    const input = person();
    const res = await agent
      .post("/api/beneficiaries")
      .send({ ...input, email: input.email.toUpperCase(), status: "verified", userId: 1, id: 99 });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(DTO_KEYS);
    expect(res.body).toMatchObject({ ...input, status: "pending", verifiedAt: null });
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ id: res.body.id, userId: user.id, status: "pending", email: input.email });
  });

  it("refuses JSON sent as text/plain with 415", async () => {
    const { agent } = await t.signUp();
    const res = await agent.post("/api/beneficiaries").set("Content-Type", "text/plain").send(JSON.stringify(person()));
    expect(res.status).toBe(415);
  });
});

describe("GET /api/beneficiaries", () => {
  it("lists only the owner's beneficiaries, newest first, with X-Total-Count and optional paging", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.db.update(users).set({ plan: "basic_premium" }).where(eq(users.id, a.user.id));
    for (const n of [1, 2, 3, 4]) await a.agent.post("/api/beneficiaries").send(person(n));
    await b.agent.post("/api/beneficiaries").send(person(9));
    const all = await a.agent.get(`/api/beneficiaries?userId=${b.user.id}`);
    expect(all.status).toBe(200);
    expect(all.headers["x-total-count"]).toBe("4");
    expect(all.body.map((x: { firstName: string }) => x.firstName)).toEqual(["Abena4", "Abena3", "Abena2", "Abena1"]);
    const page = await a.agent.get("/api/beneficiaries?limit=2&offset=1");
    expect(page.headers["x-total-count"]).toBe("4");
    expect(page.body.map((x: { firstName: string }) => x.firstName)).toEqual(["Abena3", "Abena2"]);
    for (const bad of ["limit=0", "limit=abc", "limit=201", "offset=-1", "limit=1&limit=2", `q=${"x".repeat(201)}`]) {
      expect((await a.agent.get(`/api/beneficiaries?${bad}`)).status).toBe(400);
    }
  });

  it("answers one page of 50 when no limit is given, however long the list, with the whole count", async () => {
    const a = await t.signUp();
    await t.db.insert(beneficiaries).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: a.user.id,
        ...person(i),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const first = await a.agent.get("/api/beneficiaries");
    expect(first.status).toBe(200);
    expect(first.headers["x-total-count"]).toBe("60");
    expect(first.body).toHaveLength(50);
    expect(first.body[0].firstName).toBe("Abena59");
    const rest = await a.agent.get("/api/beneficiaries?offset=50");
    expect(rest.body.map((x: { firstName: string }) => x.firstName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Abena${9 - i}`),
    );
    const most = await a.agent.get("/api/beneficiaries?limit=200");
    expect(most.body).toHaveLength(60);
  });

  it("searches on the server: every word in the name, e-mail or relationship, accents folded, literally", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const add = (userId: number, firstName: string, lastName: string, email: string, relationship: string) =>
      t.db.insert(beneficiaries).values({ userId, firstName, lastName, email, relationship }).returning();
    const [kwame] = await add(a.user.id, "Kwame", "Ɔsɛi", "kwame@example.com", "sibling");
    const [ama] = await add(a.user.id, "Ama", "Mensah", "ama.m@example.org", "spouse");
    const [jose] = await add(a.user.id, "José", "Núñez", "jose_100%@example.net", "friend");
    await add(b.user.id, "Ama", "Mensah", "other.ama@example.org", "spouse");
    const ids = async (q: string) => {
      const res = await a.agent.get("/api/beneficiaries").query({ q });
      expect(res.status).toBe(200);
      expect(res.headers["x-total-count"]).toBe(String(res.body.length));
      return res.body.map((x: { id: number }) => x.id).sort();
    };
    expect(await ids("MENSAH")).toEqual([ama.id]);
    expect(await ids("example.net")).toEqual([jose.id]);
    expect(await ids("spouse")).toEqual([ama.id]);
    expect(await ids("kwame sibling")).toEqual([kwame.id]);
    expect(await ids("kwame spouse")).toEqual([]);
    expect(await ids("jose nunez")).toEqual([jose.id]);
    expect(await ids("JOSÉ NÚÑEZ")).toEqual([jose.id]);
    expect(await ids("ƆSƐI")).toEqual([kwame.id]);
    expect(await ids("osei")).toEqual([]);
    expect(await ids("100%")).toEqual([jose.id]);
    expect(await ids("_")).toEqual([jose.id]);
    expect(await ids("%")).toEqual([jose.id]);
    expect(await ids("   ")).toEqual([ama.id, jose.id, kwame.id].sort());
    const paged = await a.agent.get("/api/beneficiaries").query({ q: "example", limit: 2, offset: 2 });
    expect(paged.headers["x-total-count"]).toBe("3");
    expect(paged.body).toHaveLength(1);
  });
});

describe("PATCH /api/beneficiaries/:id", () => {
  it("updates the given fields and never takes status, userId or id from the body (MASS-05)", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const created = await a.agent.post("/api/beneficiaries").send(person());
    const res = await a.agent.patch(`/api/beneficiaries/${created.body.id}`).send({
      firstName: "Yaa",
      relationship: "friend",
      status: "verified",
      userId: b.user.id,
      id: 424242,
      createdAt: "2000-01-01T00:00:00Z",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      firstName: "Yaa",
      lastName: "Owusu",
      relationship: "friend",
      status: "pending",
    });
    expect(res.body.createdAt).toBe(created.body.createdAt);
    const [row] = await rowsOf(a.user.id);
    expect(row).toMatchObject({ id: created.body.id, userId: a.user.id, status: "pending", firstName: "Yaa" });
    expect(await rowsOf(b.user.id)).toHaveLength(0);
  });

  it("answers 400 with the spec's message for an invalid field", async () => {
    const { agent } = await t.signUp();
    const created = await agent.post("/api/beneficiaries").send(person());
    const res = await agent
      .patch(`/api/beneficiaries/${created.body.id}`)
      .send({ email: "nope", relationship: "boss" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "email", message: "Valid email is required" },
      { path: "relationship", message: "Relationship is required" },
    ]);
  });
});

describe("DELETE /api/beneficiaries/:id", () => {
  it("deletes with 204, then answers 404", async () => {
    const { agent, user } = await t.signUp();
    const created = await agent.post("/api/beneficiaries").send(person());
    const res = await agent.delete(`/api/beneficiaries/${created.body.id}`);
    expect(res.status).toBe(204);
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect((await agent.delete(`/api/beneficiaries/${created.body.id}`)).status).toBe(404);
    expect((await agent.get(`/api/beneficiaries/${created.body.id}`)).status).toBe(404);
  });
});

describe("another user's beneficiary (IDOR-01)", () => {
  it("answers 404 like a missing id on every verb and leaves the row unchanged", async () => {
    const a = await t.signUp({ verified: true });
    const b = await t.signUp({ verified: true });
    const created = await a.agent.post("/api/beneficiaries").send(person());
    const id = created.body.id as number;
    const before = await rowsOf(a.user.id);
    await t.deliverOutbox();
    const mailsBefore = t.smtp.messages.length;
    const missing = await b.agent.get("/api/beneficiaries/2147483647");
    expect(missing.status).toBe(404);
    for (const res of [
      await b.agent.get(`/api/beneficiaries/${id}`),
      await b.agent.patch(`/api/beneficiaries/${id}`).send({ firstName: "Stolen", email: "attacker@evil.example" }),
      await b.agent.delete(`/api/beneficiaries/${id}`),
      await b.agent.post(`/api/beneficiaries/${id}/resend-verification`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    expect((await b.agent.get("/api/beneficiaries")).body).toEqual([]);
    expect(await rowsOf(a.user.id)).toEqual(before);
    await t.deliverOutbox();
    expect(t.smtp.messages.length).toBe(mailsBefore);
    expect(t.smtp.to("attacker@evil.example")).toHaveLength(0);
  });

  it("answers 404 for ids that are not positive integers", async () => {
    const { agent } = await t.signUp();
    for (const id of ["abc", "-1", "0", "1e309", "99999999999"]) {
      expect((await agent.get(`/api/beneficiaries/${id}`)).status).toBe(404);
      expect((await agent.patch(`/api/beneficiaries/${id}`).send({ firstName: "X" })).status).toBe(404);
      expect((await agent.delete(`/api/beneficiaries/${id}`)).status).toBe(404);
    }
  });
});
