import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beneficiaries, outboxMessages, users } from "@shared/schema";
import {
  MESSAGE_CAPS,
  RECIPIENT_CAP_MESSAGE,
  SENDER_CAP_MESSAGE,
  OWN_VERIFICATION_CAP_MESSAGE,
} from "../../lib/outbox/message-caps";
import { startTestApp, type TestApp } from "../../test/harness";

/**
 * Messages to other people on a user's behalf (ABUSE-03; contract "E-mail verification"): held until the sender's
 * own e-mail is verified, capped per sender per day and per recipient per hour, and no user text beyond a first name
 * in a Subject. Both engines; the parallel case needs real PostgreSQL to race.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
let seq = 0;
const person = (email = t.uniqueEmail(`heir${++seq}`)) => ({
  firstName: "Akosua",
  lastName: "Darko",
  email,
  relationship: "spouse",
});
const outboxTo = (recipient: string) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
const premium = (userId: number) => t.db.update(users).set({ plan: "basic_premium" }).where(eq(users.id, userId));
const beneficiariesOf = (userId: number) => t.db.select().from(beneficiaries).where(eq(beneficiaries.userId, userId));

describe("messages held until the sender's e-mail is verified", () => {
  it("creates the beneficiary, says the link is waiting, sends nothing, and sends it once the owner verifies", async () => {
    const { agent, user } = await t.signUp();
    const input = person();
    const created = await agent.post("/api/beneficiaries").send(input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "pending", verificationMail: "waiting_for_your_email" });
    await t.deliverOutbox();
    expect(t.smtp.to(input.email)).toHaveLength(0);
    expect(await outboxTo(input.email)).toMatchObject([{ status: "held", senderUserId: user.id, toOthers: true }]);
    expect((await agent.get("/api/beneficiaries")).body[0].verificationMail).toBe("waiting_for_your_email");

    // Edited twice while waiting: only the newest link may ever leave.
    const moved = t.uniqueEmail("moved");
    await agent.patch(`/api/beneficiaries/${created.body.id}`).send({ email: moved }).expect(200);
    expect(await outboxTo(input.email)).toMatchObject([{ status: "dropped", payload: null }]);

    const token = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    await agent.post("/api/auth/verify-email").send({ token }).expect(200);
    expect(await outboxTo(moved)).toMatchObject([{ status: "pending" }]);
    await t.deliverOutbox();
    expect(t.smtp.to(input.email)).toHaveLength(0);
    expect(t.smtp.to(moved)).toHaveLength(1);
    expect(t.smtp.linkFor(moved, "/verify-beneficiary/")).toBeTruthy();
    expect((await agent.get("/api/beneficiaries")).body[0].verificationMail).toBe("sent");
  });

  it("drops a held link when its beneficiary is deleted, so verifying later sends nothing to them", async () => {
    const { agent, user } = await t.signUp();
    const input = person();
    const created = await agent.post("/api/beneficiaries").send(input);
    await agent.delete(`/api/beneficiaries/${created.body.id}`).expect(204);
    await t.deliverOutbox();
    const token = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    await agent.post("/api/auth/verify-email").send({ token }).expect(200);
    await t.deliverOutbox();
    expect(t.smtp.to(input.email)).toHaveLength(0);
    expect(await outboxTo(input.email)).toMatchObject([{ status: "dropped" }]);
  });

  it("lets the owner resend their own verification e-mail: a new link, the old one dead, a few per hour", async () => {
    const { agent, user } = await t.signUp();
    await t.deliverOutbox();
    const first = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    const resent = await agent.post("/api/auth/resend-verification");
    expect(resent.status).toBe(200);
    expect(resent.body.message).toMatch(/new confirmation link/);
    await t.deliverOutbox();
    const second = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    expect(second).not.toBe(first);
    expect((await agent.post("/api/auth/resend-verification")).status).toBe(200);
    const capped = await agent.post("/api/auth/resend-verification");
    expect(capped.status).toBe(429);
    expect(capped.body).toEqual({ message: OWN_VERIFICATION_CAP_MESSAGE });
    expect(Number(capped.headers["retry-after"])).toBeGreaterThan(0);
    expect(await outboxTo(user.email)).toHaveLength(MESSAGE_CAPS.ownVerificationPerHour);

    await t.deliverOutbox();
    const latest = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop();
    expect((await t.request().post("/api/auth/verify-email").send({ token: first })).status).toBe(404);
    expect((await t.request().post("/api/auth/verify-email").send({ token: latest })).status).toBe(200);
    const done = await agent.post("/api/auth/resend-verification");
    expect(done.status).toBe(200);
    expect(done.body.message).toMatch(/already confirmed/);
    await t.deliverOutbox();
    expect(t.smtp.to(user.email)).toHaveLength(MESSAGE_CAPS.ownVerificationPerHour);
  });

  it("needs a session to resend", async () => {
    expect((await t.request().post("/api/auth/resend-verification")).status).toBe(401);
  });
});

describe("caps on messages to other people (ABUSE-03)", () => {
  it(`refuses one owner's message beyond ${MESSAGE_CAPS.perSenderPerDay} a day with 429, creating and queueing nothing`, async () => {
    const { agent, user, password } = await t.signUp({ verified: true });
    await premium(user.id);
    for (let i = 0; i < MESSAGE_CAPS.perSenderPerDay; i += 1) {
      expect((await agent.post("/api/beneficiaries").send(person())).status).toBe(201);
      t.clock.advance(60_000);
    }
    const extra = person();
    const refused = await agent.post("/api/beneficiaries").send(extra);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: SENDER_CAP_MESSAGE });
    // The oldest of the day's messages leaves the window 24 h after it was queued (20 minutes ago).
    expect(Number(refused.headers["retry-after"])).toBe(24 * 60 * 60 - MESSAGE_CAPS.perSenderPerDay * 60);
    expect(await beneficiariesOf(user.id)).toHaveLength(MESSAGE_CAPS.perSenderPerDay);
    expect(await outboxTo(extra.email)).toHaveLength(0);

    // A resend counts too; a plain name change sends nothing and is not capped.
    const [some] = await beneficiariesOf(user.id);
    expect((await agent.post(`/api/beneficiaries/${some.id}/resend-verification`)).status).toBe(429);
    expect((await agent.patch(`/api/beneficiaries/${some.id}`).send({ firstName: "Ama" })).status).toBe(200);

    t.clock.advance(24 * HOUR);
    await agent.post("/api/login").send({ email: user.email, password }).expect(200);
    expect((await agent.post("/api/beneficiaries").send(extra)).status).toBe(201);
  });

  it(`refuses a message to one address beyond ${MESSAGE_CAPS.perRecipientPerHour} an hour, whoever sends it`, async () => {
    const owner = await t.signUp({ verified: true });
    const other = await t.signUp({ verified: true });
    const target = t.uniqueEmail("target");
    const created = await owner.agent.post("/api/beneficiaries").send(person(target));
    const id = created.body.id as number;
    await t.deliverOutbox();
    await owner.agent.post(`/api/beneficiaries/${id}/resend-verification`).expect(200);
    await t.deliverOutbox();
    const liveLink = t.smtp.linkFor(target, "/verify-beneficiary/")!;
    // The third message to this address comes from someone else entirely.
    expect((await other.agent.post("/api/beneficiaries").send(person(target))).status).toBe(201);

    const resend = await owner.agent.post(`/api/beneficiaries/${id}/resend-verification`);
    expect(resend.status).toBe(429);
    expect(resend.body).toEqual({ message: RECIPIENT_CAP_MESSAGE });
    expect(Number(resend.headers["retry-after"])).toBeGreaterThan(0);
    const elsewhere = await owner.agent.post("/api/beneficiaries").send(person());
    expect(elsewhere.status).toBe(201); // other addresses are not affected
    const moved = await owner.agent.patch(`/api/beneficiaries/${elsewhere.body.id}`).send({ email: target });
    expect(moved.status).toBe(429);
    expect((await owner.agent.get(`/api/beneficiaries/${elsewhere.body.id}`)).body.email).not.toBe(target);
    expect(await outboxTo(target)).toHaveLength(MESSAGE_CAPS.perRecipientPerHour);
    await t.deliverOutbox();
    expect(t.smtp.to(target)).toHaveLength(MESSAGE_CAPS.perRecipientPerHour);
    // The refused resend issued no new token: the link already sent still works.
    const token = liveLink.split("/").pop()!;
    expect((await t.request().get(`/api/beneficiary-verification/${token}`)).status).toBe(200);

    t.clock.advance(HOUR);
    await owner.agent.post("/api/login").send({ email: owner.user.email, password: owner.password }).expect(200);
    expect((await owner.agent.post(`/api/beneficiaries/${id}/resend-verification`)).status).toBe(200);
  });

  it("holds under parallel requests: five owners naming one address at once queue at most the cap (RACE)", async () => {
    const owners: Awaited<ReturnType<TestApp["signUp"]>>[] = [];
    for (let i = 0; i < 5; i += 1) owners.push(await t.signUp({ verified: true }));
    const target = t.uniqueEmail("burst");
    const create = (o: (typeof owners)[number]) => o.agent.post("/api/beneficiaries").send(person(target));
    const results = process.env.TEST_DATABASE_URL
      ? await Promise.all(owners.map(create))
      : await owners.reduce<Promise<{ status: number }[]>>(
          async (acc, o) => [...(await acc), await create(o)],
          Promise.resolve([]),
        );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429]);
    expect(await outboxTo(target)).toHaveLength(MESSAGE_CAPS.perRecipientPerHour);
    const rows = await t.db.select().from(beneficiaries).where(eq(beneficiaries.email, target));
    expect(rows).toHaveLength(MESSAGE_CAPS.perRecipientPerHour);
  });
});

describe("user text in messages (ABUSE-03, INJ-04)", () => {
  it("puts at most the owner's first name in the Subject, strips URL-like text, and escapes the HTML part", async () => {
    const { agent } = await t.signUp({
      firstName: "Evil http://phish.example Corp",
      lastName: "<script>alert(1)</script> www.bank-login.example",
      verified: true,
    });
    const input = { ...person(), firstName: "Kofi\u202e visit evil.example" };
    await agent.post("/api/beneficiaries").send(input).expect(201);
    await t.deliverOutbox();
    const [mail] = t.smtp.to(input.email);
    const subject = /^Subject: (.*)$/m.exec(mail.raw)![1];
    expect(subject).toBe("Evil named you as a beneficiary on Heirloom");
    expect(mail.text).not.toMatch(/phish\.example|bank-login|evil\.example|www\./);
    expect(mail.text).not.toContain("\u202e");
    const html = mail.text.slice(mail.text.indexOf("Content-Type: text/html"));
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
  });

  it("falls back to a neutral sender when the first name is nothing but a link", async () => {
    const { agent } = await t.signUp({ firstName: "https://phish.example/login", lastName: "Mensah", verified: true });
    const input = person();
    await agent.post("/api/beneficiaries").send(input).expect(201);
    await t.deliverOutbox();
    const subject = /^Subject: (.*)$/m.exec(t.smtp.to(input.email)[0].raw)![1];
    expect(subject).toBe("An Heirloom user named you as a beneficiary on Heirloom");
  });
});
