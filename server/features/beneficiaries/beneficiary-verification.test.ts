import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beneficiaries } from "@shared/schema";
import { loadConfig } from "../../config";
import { startTestApp, type TestApp } from "../../test/harness";

const DAY = 24 * 60 * 60 * 1000;
const baseLimits = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: "/tmp/unused",
  SESSION_SECRET: "x".repeat(64),
  APP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
}).rateLimits;
const limits = (tokenPoints: number) => ({
  ...baseLimits,
  registerPerIp: { points: 10_000, durationSeconds: 3600 },
  tokenLookupPerIp: { points: tokenPoints, durationSeconds: 900 },
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { rateLimits: limits(10_000) } });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const person = () => ({
  firstName: "Akosua",
  lastName: "Darko",
  email: `akosua${++seq}.${Date.now()}@example.com`,
  relationship: "spouse",
});
const tokenOf = (link: string | undefined) => link!.split("/").pop()!;
const rowOf = async (id: number) => (await t.db.select().from(beneficiaries).where(eq(beneficiaries.id, id)))[0];
const verifyPath = (token: string) => `/api/beneficiary-verification/${token}`;

type Agent = Awaited<ReturnType<TestApp["signUp"]>>["agent"];

async function createWithLink(agent: Agent) {
  const input = person();
  const res = await agent.post("/api/beneficiaries").send(input);
  expect(res.status).toBe(201);
  await t.deliverOutbox();
  const link = t.smtp.linkFor(input.email, "/verify-beneficiary/");
  return { id: res.body.id as number, email: input.email, link, token: tokenOf(link) };
}

describe("the verification e-mail", () => {
  it("goes to the beneficiary with a PUBLIC_URL link; only the token's SHA-256 is stored", async () => {
    const { agent } = await t.signUp({ firstName: "Yaw", verified: true });
    const b = await createWithLink(agent);
    expect(b.link).toMatch(/^http:\/\/heirloom\.test\/verify-beneficiary\/[A-Za-z0-9_-]{43}$/);
    const mail = t.smtp.to(b.email).at(-1)!;
    expect(mail.to).toEqual([b.email]);
    expect(mail.raw).toMatch(/Subject: Yaw named you as a beneficiary on Heirloom/);
    const row = await rowOf(b.id);
    expect(row.verificationToken).toMatch(/^[a-f0-9]{64}$/);
    expect(row.verificationToken).not.toBe(b.token);
    expect(row.verificationToken).not.toContain(b.token);
    const expiresInDays = (row.verificationExpires!.getTime() - t.clock.now().getTime()) / DAY;
    expect(expiresInDays).toBeCloseTo(14, 3);
  });

  it("escapes names in HTML and keeps line breaks out of the headers (INJ-04)", async () => {
    const { agent } = await t.signUp({
      firstName: "<img src=x onerror=alert(1)>",
      lastName: "Evil\r\nBcc: spy@evil.example",
      verified: true,
    });
    const input = { ...person(), firstName: "<b>Ama</b>" };
    await agent.post("/api/beneficiaries").send(input);
    await t.deliverOutbox();
    const mail = t.smtp.to(input.email).at(-1)!;
    expect(mail.to).toEqual([input.email]);
    expect(t.smtp.to("spy@evil.example")).toHaveLength(0);
    expect(mail.raw).not.toMatch(/^Bcc:/im);
    const html = mail.text.slice(mail.text.indexOf("Content-Type: text/html"));
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;b&gt;Ama&lt;/b&gt;");
    expect(html).not.toMatch(/<img|<b>/);
  });
});

describe("opening the link", () => {
  it("shows who is asking, verifies once, and answers 409 when the link is used again", async () => {
    const { agent } = await t.signUp({ firstName: "Kojo", verified: true });
    const b = await createWithLink(agent);
    const info = await t.request().get(verifyPath(b.token));
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ firstName: "Akosua", ownerFirstName: "Kojo", status: "pending" });
    const confirm = await t.request().post(verifyPath(b.token));
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ firstName: "Akosua", ownerFirstName: "Kojo", status: "verified" });
    const row = await rowOf(b.id);
    expect(row.status).toBe("verified");
    expect(row.verifiedAt).not.toBeNull();
    const again = await t.request().post(verifyPath(b.token));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already been used/);
    expect((await t.request().get(verifyPath(b.token))).status).toBe(409);
    const listed = await agent.get("/api/beneficiaries");
    expect(listed.body[0]).toMatchObject({ id: b.id, status: "verified" });
  });

  it("answers 404 once the link is older than 14 days, the same as an unknown link", async () => {
    const { agent } = await t.signUp({ verified: true });
    const b = await createWithLink(agent);
    const unknown = await t.request().get(verifyPath("A".repeat(43)));
    expect(unknown.status).toBe(404);
    t.clock.advance(15 * DAY);
    const expired = await t.request().get(verifyPath(b.token));
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(unknown.body);
    expect((await t.request().post(verifyPath(b.token))).status).toBe(404);
    expect((await rowOf(b.id)).status).toBe("pending");
  });

  it("answers 404 for malformed tokens without touching the database", async () => {
    for (const token of ["short", "x".repeat(44), "%27%20OR%20%271%27%3D%271", "..%2F..%2Fetc"]) {
      expect((await t.request().get(verifyPath(token))).status).toBe(404);
      expect((await t.request().post(verifyPath(token))).status).toBe(404);
    }
  });
});

describe("resending and changing the e-mail", () => {
  it("lets the owner resend: the new link works and the old one is dead", async () => {
    const { agent } = await t.signUp({ verified: true });
    const b = await createWithLink(agent);
    const res = await agent.post(`/api/beneficiaries/${b.id}/resend-verification`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, status: "pending" });
    await t.deliverOutbox();
    const fresh = tokenOf(t.smtp.linkFor(b.email, "/verify-beneficiary/"));
    expect(fresh).not.toBe(b.token);
    expect((await t.request().post(verifyPath(b.token))).status).toBe(404);
    expect((await t.request().post(verifyPath(fresh))).status).toBe(200);
    const late = await agent.post(`/api/beneficiaries/${b.id}/resend-verification`);
    expect(late.status).toBe(409);
  });

  it("returns a verified beneficiary to pending when the e-mail changes, with a new link to the new address", async () => {
    const { agent } = await t.signUp({ verified: true });
    const b = await createWithLink(agent);
    await t.request().post(verifyPath(b.token));
    const same = await agent
      .patch(`/api/beneficiaries/${b.id}`)
      .send({ email: b.email.toUpperCase(), lastName: "Darko-Mensah" });
    expect(same.body).toMatchObject({ status: "verified", lastName: "Darko-Mensah" });
    const newEmail = `moved.${Date.now()}@example.com`;
    const res = await agent.patch(`/api/beneficiaries/${b.id}`).send({ email: newEmail });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: newEmail, status: "pending", verifiedAt: null });
    await t.deliverOutbox();
    const link = t.smtp.linkFor(newEmail, "/verify-beneficiary/");
    expect(link).toBeTruthy();
    expect((await t.request().get(verifyPath(b.token))).status).toBe(404);
    expect((await t.request().post(verifyPath(tokenOf(link)))).status).toBe(200);
    expect((await rowOf(b.id)).status).toBe("verified");
  });
});

describe("token look-up rate limit", () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ config: { rateLimits: limits(3) } });
  });
  afterAll(async () => {
    await small.close();
  });

  it("answers 429 with Retry-After once an address has used its look-ups", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await small.request().get(verifyPath("B".repeat(43)))).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    const blocked = await small.request().post(verifyPath("B".repeat(43)));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});
