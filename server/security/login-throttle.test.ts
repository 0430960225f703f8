import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * Sign-in throttling as an attacker meets it: a parallel burst (AUTH-13), addresses rotating inside one IPv6 /64
 * (AUTH-13), many addresses against one account (AUTH-14), and one shared carrier address whose budget someone else
 * spent (ABUSE-04). Runs on both engines; the parallel burst is a real race only on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const WRONG = "Wrong-Password-1";
const login = (email: string, password: string, from?: string) => {
  const req = t.request().post("/api/login");
  if (from) req.set("X-Forwarded-For", from);
  return req.send({ email, password });
};
const statuses = (answers: { status: number }[]) => answers.map((a) => a.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

/** Registers from `from` (the address the account is then known at), signed out again. */
async function register(from: string) {
  const email = t.uniqueEmail("acct");
  const password = "Kente-Cloth-2026";
  const res = await t
    .request()
    .post("/api/register")
    .set("X-Forwarded-For", from)
    .send({ email, password, firstName: "Esi", lastName: "Boateng" });
  expect(res.status).toBe(201);
  return { email, password };
}

describe("a parallel burst at one account from one address (AUTH-13)", () => {
  it("gets at most 10 password checks: 10 × 401 and the rest 429 with Retry-After", async () => {
    const { email } = await register("198.51.100.10");
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(email, WRONG, "203.0.113.30")));
    const list = statuses(answers);
    expect(count(list, 401)).toBe(10);
    expect(count(list, 429)).toBe(20);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    }
    const failed = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'login_failed' and target = ${email}`,
    );
    expect(failed.rows[0].n).toBe(10); // ten passwords were checked, no more
  });
});

describe("addresses that are one client to a limit (AUTH-13)", () => {
  it("count every address of one IPv6 /64 together, and another /64 apart", async () => {
    const { email } = await register("198.51.100.11");
    const list: number[] = [];
    for (let i = 1; i <= 12; i += 1) list.push((await login(email, WRONG, `2001:db8:77:1::${i.toString(16)}`)).status);
    expect(list).toEqual([...Array(10).fill(401), 429, 429]);
    expect((await login(email, WRONG, "2001:db8:77:2::1")).status).toBe(401);
  });

  it("count an IPv4 address and its IPv4-mapped IPv6 spelling together", async () => {
    const { email } = await register("198.51.100.12");
    const list: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      list.push((await login(email, WRONG, i % 2 ? "::ffff:203.0.113.44" : "203.0.113.44")).status);
    }
    expect(list).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("count registrations, reset requests and token look-ups per /64 too", async () => {
    const tight = await startTestApp({
      env: { TRUST_PROXY: "1" },
      config: {
        rateLimits: {
          registerPerIp: { points: 3, durationSeconds: 600 },
          passwordResetPerIp: { points: 3, durationSeconds: 600 },
          tokenLookupPerIp: { points: 3, durationSeconds: 600 },
        },
      },
    });
    try {
      const from = (i: number) => `2001:db8:99:5::${(i + 1).toString(16)}`;
      const bodies: [string, (i: number) => Record<string, unknown>][] = [
        [
          "/api/register",
          (i) => ({ email: `r${i}@example.com`, password: "Kente-Cloth-2026", firstName: "A", lastName: "B" }),
        ],
        ["/api/auth/forgot-password", (i) => ({ email: `f${i}@example.com` })],
        ["/api/auth/verify-email", () => ({ token: "A".repeat(43) })],
      ];
      for (const [path, body] of bodies) {
        const list: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          list.push((await tight.request().post(path).set("X-Forwarded-For", from(i)).send(body(i))).status);
        }
        expect(list.slice(0, 3), path).not.toContain(429);
        expect(list[3], path).toBe(429);
      }
    } finally {
      await tight.close();
    }
  });
});

describe("many addresses against one account (AUTH-14)", () => {
  it("are slowed per account for a short window, while the owner signs in from their usual address", async () => {
    const owner = await register("198.51.100.13");
    const list: number[] = [];
    const answers = [];
    for (let i = 0; i < 60; i += 1) {
      const res = await login(owner.email, WRONG, `10.14.${Math.floor(i / 200)}.${(i % 200) + 1}`);
      list.push(res.status);
      answers.push(res);
    }
    expect(count(list, 401)).toBe(20);
    expect(list.slice(20)).toEqual(Array(40).fill(429));
    const wait = Number(answers[59].headers["retry-after"]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60); // slowed for minutes, never locked for hours

    expect((await login(owner.email, owner.password, "198.51.100.13")).status).toBe(200);
    // from an address this account never signed in from, even the right password waits out the window
    expect((await login(owner.email, owner.password, "10.14.9.9")).status).toBe(429);
  });
});

describe("one carrier address shared by many people (ABUSE-04, AUTH-03)", () => {
  it("after someone's 100 failures, slows strangers to one try per 5 minutes and lets its regulars in", async () => {
    const carrier = "41.66.12.7";
    const regular = await register(carrier);
    const newcomer = await register("198.51.100.14");
    for (let i = 0; i < 100; i += 1) {
      expect((await login(t.uniqueEmail("stuffed"), WRONG, carrier)).status).toBe(401);
    }
    const blocked = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'login_blocked' and details->>'limit' = 'address'`,
    );
    expect(blocked.rows[0].n).toBe(1);

    // the slow lane: one attempt through, then 429 with a wait of minutes, not a day
    expect((await login(newcomer.email, newcomer.password, carrier)).status).toBe(200);
    const stuffer = await login(t.uniqueEmail("stuffed"), WRONG, carrier);
    expect(stuffer.status).toBe(429);
    expect(Number(stuffer.headers["retry-after"])).toBeLessThanOrEqual(300);
    expect(stuffer.headers["set-cookie"]).toBeUndefined();
    // someone who signs in from here is not held up at all
    expect((await login(regular.email, regular.password, carrier)).status).toBe(200);
    expect((await login(newcomer.email, newcomer.password, carrier)).status).toBe(200);

    // five minutes on (the limit store's clock is the wall clock), the lane lets the next stranger through
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 301_000);
    expect((await login(t.uniqueEmail("stuffed"), WRONG, carrier)).status).toBe(401);
    expect((await login(t.uniqueEmail("stuffed"), WRONG, carrier)).status).toBe(429);
  });
});
