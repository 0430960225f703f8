import pg from "pg";
import { sql } from "drizzle-orm";
import { hash, verify } from "@node-rs/argon2";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * Equal cost for "exists" and "does not exist" (AUTH-01, AUTH-06, TOK-02). No wall-clock assertion (project rule):
 * the tests check the mechanism instead. Both answers must run the same argon2 work (counted on the library) and
 * the same SQL statements in the same order (recorded on the pg client every engine speaks through), with nothing
 * slow, such as an SMTP round trip, left on one path only.
 */
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Work = { statements: string[]; hashes: number; verifies: string[] };

/** Records the statements and the argon2 calls made while `run` executes. */
async function workOf<T>(run: () => Promise<T>): Promise<{ result: T; work: Work }> {
  vi.mocked(hash).mockClear();
  vi.mocked(verify).mockClear();
  const statements: string[] = [];
  const real = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    statements.push(typeof first === "string" ? first : (first.text ?? first.name ?? "?"));
    return (real as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof real);
  try {
    const result = await run();
    const verifies = vi.mocked(verify).mock.calls.map(([phc]) => String(phc).replace(/\$[^$]*\$[^$]*$/, ""));
    return { result, work: { statements, hashes: vi.mocked(hash).mock.calls.length, verifies } };
  } finally {
    spy.mockRestore();
  }
}

describe("sign-in with an unknown e-mail and with a wrong password (AUTH-01)", () => {
  it("runs one argon2id verify with the same parameters and the same statements, and answers the same bytes", async () => {
    const { user } = await t.signUp();
    // Warm both paths once, so one-time costs (prepared statements, the limiter rows) do not differ.
    await t.request().post("/api/login").send({ email: user.email, password: "Wrong-Password-1" });
    await t
      .request()
      .post("/api/login")
      .send({ email: t.uniqueEmail("ghost"), password: "Wrong-Password-1" });

    const known = await workOf(() =>
      t.request().post("/api/login").send({ email: user.email, password: "Wrong-Password-2" }),
    );
    const unknown = await workOf(() =>
      t
        .request()
        .post("/api/login")
        .send({ email: t.uniqueEmail("ghost"), password: "Wrong-Password-2" }),
    );
    expect(known.result.status).toBe(401);
    expect(unknown.result.text).toBe(known.result.text);
    expect(known.work.verifies).toEqual(["$argon2id$v=19$m=19456,t=2,p=1"]);
    expect(unknown.work.verifies).toEqual(known.work.verifies);
    expect(unknown.work.hashes).toBe(0);
    expect(known.work.hashes).toBe(0);
    expect(unknown.work.statements).toEqual(known.work.statements);
  });

  it("does the same for an account with no password (Google sign-in only)", async () => {
    const { user } = await t.signUp();
    await t.db.execute(sql`update users set password_hash = null where id = ${user.id}`);
    const googleOnly = await workOf(() =>
      t.request().post("/api/login").send({ email: user.email, password: "Wrong-Password-2" }),
    );
    expect(googleOnly.result.status).toBe(401);
    expect(googleOnly.work.verifies).toEqual(["$argon2id$v=19$m=19456,t=2,p=1"]);
    expect(googleOnly.work.hashes).toBe(0);
  });
});

describe("a reset link asked for a known and an unknown e-mail (AUTH-06)", () => {
  it("runs the same statements and no argon2 on either path, and answers the same bytes", async () => {
    const { user } = await t.signUp();
    const forgot = (email: string) => t.request().post("/api/auth/forgot-password").send({ email });
    await forgot(user.email);
    await forgot(t.uniqueEmail("ghost"));
    await t.deliverOutbox();
    expect(t.smtp.to(user.email)).toHaveLength(2);

    const known = await workOf(() => forgot(user.email));
    const unknown = await workOf(() => forgot(t.uniqueEmail("ghost")));
    expect(known.result.status).toBe(200);
    expect(unknown.result.text).toBe(known.result.text);
    // One statement sets the token and queues the mail for whichever account matches: the same text either way.
    const resetStatement = known.work.statements.find((text) => /update "users"/i.test(text));
    expect(resetStatement).toMatch(/insert into outbox_messages/i);
    expect(unknown.work.statements).toEqual(known.work.statements);
    expect([known.work.hashes, unknown.work.hashes, known.work.verifies.length]).toEqual([0, 0, 0]);
    await t.deliverOutbox();
    expect(t.smtp.to(user.email)).toHaveLength(3);
  });

  it("answers without any SMTP work: the known address's mail is queued and sent later by the worker", async () => {
    const { user } = await t.signUp();
    await t.deliverOutbox();
    const send = vi.spyOn(t.deps.mailer, "send");
    const res = await t.request().post("/api/auth/forgot-password").send({ email: user.email });
    expect(res.status).toBe(200);
    expect(send).not.toHaveBeenCalled();
    await t.deliverOutbox();
    expect(send).toHaveBeenCalledTimes(1);
    expect(t.smtp.to(user.email)).toHaveLength(2);
  });
});

describe("token look-ups: unknown, expired and superseded tokens (TOK-02)", () => {
  it("answer reset-password with the same status, body, statements and argon2 work", async () => {
    const { user } = await t.signUp();
    await t.deliverOutbox();
    const forgot = async () => {
      await t.request().post("/api/auth/forgot-password").send({ email: user.email });
      await t.deliverOutbox();
      const [message] = t.smtp.to(user.email).slice(-1);
      return /reset-password\/([A-Za-z0-9_-]{43})/.exec(message.text)![1];
    };
    const superseded = await forgot();
    const expired = await forgot();
    t.clock.advance(61 * 60 * 1000);
    const reset = (token: string) =>
      t.request().post("/api/auth/reset-password").send({ token, password: "New-Kente-2027" });
    await reset("A".repeat(43));

    const answers = [];
    for (const token of ["B".repeat(43), superseded, expired]) answers.push(await workOf(() => reset(token)));
    for (const { result, work } of answers) {
      expect(result.status).toBe(400);
      expect(result.text).toBe(answers[0].result.text);
      expect(work.statements).toEqual(answers[0].work.statements);
      expect(work.hashes).toBe(1);
      expect(work.statements.length).toBeGreaterThan(0);
    }
  });

  it("answer verify-email with the same status, body and statements", async () => {
    const { user } = await t.signUp();
    await t.deliverOutbox();
    const token = t.smtp.linkFor(user.email, "/verify-email/")!.split("/").pop()!;
    const verifyEmail = (value: string) => t.request().post("/api/auth/verify-email").send({ token: value });
    await verifyEmail("A".repeat(43));
    const unknown = await workOf(() => verifyEmail("B".repeat(43)));
    t.clock.advance(49 * 60 * 60 * 1000);
    const expired = await workOf(() => verifyEmail(token));
    expect(unknown.result.status).toBe(404);
    expect(expired.result.text).toBe(unknown.result.text);
    expect(unknown.work.statements.length).toBeGreaterThan(0);
    expect(expired.work.statements).toEqual(unknown.work.statements);
  });

  it("answer a beneficiary's link with the same status, body and statements, on both verbs", async () => {
    const { agent } = await t.signUp({ verified: true });
    const email = t.uniqueEmail("heir");
    const created = await agent
      .post("/api/beneficiaries")
      .send({ firstName: "Akosua", lastName: "Darko", email, relationship: "spouse" });
    expect(created.status).toBe(201);
    await t.deliverOutbox();
    const token = t.smtp.linkFor(email, "/verify-beneficiary/")!.split("/").pop()!;
    const path = (value: string) => `/api/beneficiary-verification/${value}`;
    await t.request().get(path("A".repeat(43)));
    await t.request().post(path("A".repeat(43)));
    const unknownGet = await workOf(() => t.request().get(path("B".repeat(43))));
    const unknownPost = await workOf(() => t.request().post(path("B".repeat(43))));
    t.clock.advance(15 * 24 * 60 * 60 * 1000);
    const expiredGet = await workOf(() => t.request().get(path(token)));
    const expiredPost = await workOf(() => t.request().post(path(token)));
    for (const [unknown, expired] of [
      [unknownGet, expiredGet],
      [unknownPost, expiredPost],
    ]) {
      expect(unknown.result.status).toBe(404);
      expect(expired.result.text).toBe(unknown.result.text);
      expect(unknown.work.statements.length).toBeGreaterThan(0);
      expect(expired.work.statements).toEqual(unknown.work.statements);
    }
  });
});
