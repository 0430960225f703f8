import { afterEach, describe, expect, it, vi } from "vitest";

/** argon2 itself is replaced by a recorder here: what is checked is how many hashes the app runs at once. */
let running = 0;
let peak = 0;
const slowly = async <T>(value: T): Promise<T> => {
  running += 1;
  peak = Math.max(peak, running);
  await new Promise((r) => setTimeout(r, 5));
  running -= 1;
  return value;
};
vi.mock("@node-rs/argon2", () => ({
  hash: () => slowly("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"),
  verify: () => slowly(true),
}));

describe("argon2 concurrency (REL-06)", () => {
  afterEach(() => {
    peak = 0;
  });

  it("runs at most one hash per CPU but one, however many sign-ins arrive at once", async () => {
    const { ARGON2_SLOTS, hashPassword, verifyPassword } = await import("./passwords");
    const os = await import("node:os");
    expect(ARGON2_SLOTS).toBe(Math.max(1, os.availableParallelism() - 1));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => verifyPassword("$argon2id$…", "Kente-Cloth-2026")),
      ...Array.from({ length: 5 }, () => hashPassword("Kente-Cloth-2026")),
    ]);
    expect(answers.slice(0, 20).every((a) => a === true)).toBe(true);
    expect(peak).toBe(ARGON2_SLOTS);
  });
});
