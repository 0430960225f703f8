import os from "node:os";
import { describe, expect, it, vi } from "vitest";

/**
 * The real argon2 (@node-rs/argon2) does every hash here; the module is only observed, not replaced: each call is
 * counted while its promise is pending, so the test sees how many hashes the app runs at once.
 */
const observed = vi.hoisted(() => ({ running: 0, peak: 0, calls: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  const watch =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      observed.calls += 1;
      observed.running += 1;
      observed.peak = Math.max(observed.peak, observed.running);
      try {
        return await fn(...args);
      } finally {
        observed.running -= 1;
      }
    };
  return { ...real, hash: watch(real.hash), verify: watch(real.verify) };
});

describe("argon2 concurrency (REL-06)", () => {
  it("runs at most one hash per CPU but one, however many sign-ins arrive at once", async () => {
    const { ARGON2_SLOTS, hashPassword, verifyPassword } = await import("./passwords");
    expect(ARGON2_SLOTS).toBe(Math.max(1, os.availableParallelism() - 1));
    const stored = await hashPassword("Kente-Cloth-2026");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    observed.peak = 0;
    observed.calls = 0;

    // more sign-ins and sign-ups at once than there are slots, twice over
    const verifies = 2 * ARGON2_SLOTS + 2;
    const hashes = ARGON2_SLOTS + 1;
    const answers = await Promise.all([
      ...Array.from({ length: verifies }, (_, i) =>
        verifyPassword(stored, i % 2 ? "Kente-Cloth-2026" : "Wrong-Cloth-2026"),
      ),
      ...Array.from({ length: hashes }, () => hashPassword("Adinkra-Symbol-7")),
    ]);

    expect(observed.calls).toBe(verifies + hashes);
    expect(observed.peak).toBe(ARGON2_SLOTS);
    // real work was done: right and wrong passwords told apart, and each new hash verifies
    expect(answers.slice(0, verifies)).toEqual(Array.from({ length: verifies }, (_, i) => i % 2 === 1));
    const fresh = answers.slice(verifies) as string[];
    expect(new Set(fresh).size).toBe(hashes); // a fresh salt each time
    for (const phc of fresh) expect(await verifyPassword(phc, "Adinkra-Symbol-7")).toBe(true);
  });
});
