import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARGON2_SLOTS, argon2Slots, HASH_QUEUE_FULL } from "../lib/passwords";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * REL-06 / AUTH-13: password hashes wait for a CPU in a bounded queue. Past the bound a sign-in is answered 503 with
 * Retry-After at once, and the refused attempt costs the account nothing. The slots are held by tasks this test
 * releases (the mechanism, not a timing); every password check itself is real argon2.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { argon2MaxQueue: 2 } });
});
afterAll(async () => {
  await t.close();
});

describe("a full password-hash queue", () => {
  it("answers 503 with Retry-After, runs no check, and counts nothing against the account", async () => {
    const { user, password } = await t.signUp();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: ARGON2_SLOTS + 2 }, () => argon2Slots(() => gate));
    expect([argon2Slots.active, argon2Slots.waiting]).toEqual([ARGON2_SLOTS, 2]);

    for (let i = 0; i < 12; i += 1) {
      const busy = await t.request().post("/api/login").send({ email: user.email, password: "Wrong-Password-1" });
      expect(busy.status).toBe(503);
      expect(busy.body).toEqual({ message: HASH_QUEUE_FULL });
      expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
    }
    const register = await t
      .request()
      .post("/api/register")
      .send({ email: t.uniqueEmail(), password: "Kente-Cloth-2026", firstName: "A", lastName: "B" });
    expect(register.status).toBe(503);

    release();
    await Promise.all(held);
    // twelve refused attempts were not twelve guesses: the account's limit (10) is untouched
    const ok = await t.request().post("/api/login").send({ email: user.email, password });
    expect(ok.status).toBe(200);
  });
});
