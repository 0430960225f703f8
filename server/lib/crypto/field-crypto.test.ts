import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DecryptionError } from "./errors";
import {
  createDataKeyCache,
  decryptField,
  encryptField,
  generateDataKey,
  rewrapDataKey,
  unwrapDataKey,
  wrapDataKey,
  type FieldContext,
} from "./field-crypto";
import { createKeyring } from "./keyring";

const k1 = randomBytes(32);
const k2 = randomBytes(32);
const keyringV1 = createKeyring({ keys: { k1 }, currentKid: "k1" });
const keyringV2 = createKeyring({ keys: { k1, k2 }, currentKid: "k2" });
const ctx: FieldContext = { table: "financial_assets", column: "account_number", rowId: "row-a", userId: "user-a" };

function expectDecryptionError(fn: () => unknown, reason?: string): DecryptionError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DecryptionError);
    const error = err as DecryptionError;
    expect(error.message).toBe("Decryption failed");
    if (reason) expect(error.reason).toBe(reason);
    return error;
  }
  throw new Error("expected a DecryptionError");
}

/** Flips one bit in the n-th dot-separated part of a field value. */
function flipBit(value: string, partIndex: number, byteIndex = 0): string {
  const parts = value.split(".");
  const bytes = Buffer.from(parts[partIndex], "base64url");
  bytes[byteIndex] ^= 0x01;
  parts[partIndex] = bytes.toString("base64url");
  return parts.join(".");
}

describe("field encryption", () => {
  const dek = generateDataKey();

  it.each([
    ["empty", ""],
    ["ascii", "GH-123456789-0"],
    ["Akan/Ga/Ewe letters", "Ɛyɛ ɔdɔ ŋkɔ Kwame Nkrumah"],
    ["emoji and CJK", "🔐 遗嘱 — testament 👨‍👩‍👧"],
    ["right-to-left", "وصية رقمية"],
    ["long", "x".repeat(100_000)],
  ])("round-trips %s text", (_name, plaintext) => {
    const value = encryptField(dek, plaintext, ctx);
    expect(value).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{22}$/);
    expect(decryptField(dek, value, ctx)).toBe(plaintext);
  });

  it("never stores the plaintext canary in the value", () => {
    const canary = "CANARY-7f3a9c";
    expect(encryptField(dek, canary, ctx)).not.toContain(canary);
    expect(Buffer.from(encryptField(dek, canary, ctx)).includes(Buffer.from(canary))).toBe(false);
  });

  it.each([
    ["another row", { ...ctx, rowId: "row-b" }],
    ["another column", { ...ctx, column: "routing_number" }],
    ["another table", { ...ctx, table: "online_accounts" }],
    ["another user", { ...ctx, userId: "user-b" }],
  ])("rejects a value copied to %s (CRY-01)", (_name, other) => {
    const value = encryptField(dek, "secret", ctx);
    expectDecryptionError(() => decryptField(dek, value, other), "auth-failed");
  });

  it("rejects a value decrypted with another user's data key (CRY-01)", () => {
    const value = encryptField(dek, "secret", ctx);
    expectDecryptionError(() => decryptField(generateDataKey(), value, ctx), "auth-failed");
  });

  it.each([
    ["IV", 1],
    ["ciphertext", 2],
    ["tag", 3],
  ])("rejects a flipped bit in the %s (CRY-02)", (_name, partIndex) => {
    const value = encryptField(dek, "secret value", ctx);
    for (const byteIndex of [0, 5, 11]) {
      expectDecryptionError(() => decryptField(dek, flipBit(value, partIndex, byteIndex), ctx), "auth-failed");
    }
  });

  it("rejects a tag truncated to 4 bytes, even though Node would accept one by default (CRY-02)", () => {
    const parts = encryptField(dek, "secret value", ctx).split(".");
    parts[3] = Buffer.from(parts[3], "base64url").subarray(0, 4).toString("base64url");
    expectDecryptionError(() => decryptField(dek, parts.join("."), ctx), "malformed");
  });

  it.each([
    ["another version", (v: string) => v.replace(/^v1\./, "v2.")],
    ["a missing part", (v: string) => v.split(".").slice(0, 3).join(".")],
    ["an extra part", (v: string) => `${v}.AAAA`],
    ["invalid base64url", (v: string) => v.replace(/\.([^.]+)$/, ".!!!!")],
    ["non-canonical base64url", (v: string) => v.replace(/[A-Za-z0-9_-]$/, "B")],
    ["a plaintext value", () => "plain text"],
  ])("rejects %s as malformed", (_name, mutate) => {
    const value = encryptField(dek, "secret", ctx);
    expectDecryptionError(() => decryptField(dek, mutate(value), ctx));
  });

  it("keeps plaintext and key bytes out of the error", () => {
    const value = encryptField(dek, "TOP-SECRET-CANARY", ctx);
    const error = expectDecryptionError(() => decryptField(dek, value, { ...ctx, rowId: "other" }));
    const dump = `${error.message} ${error.stack ?? ""} ${JSON.stringify(error)}`;
    expect(dump).not.toContain("TOP-SECRET-CANARY");
    expect(dump).not.toContain(dek.toString("base64url"));
    expect(dump).not.toContain(dek.toString("hex"));
  });

  it("refuses ambiguous contexts and wrong-size keys", () => {
    expect(() => encryptField(dek, "x", { ...ctx, table: "a|b" })).toThrow(TypeError);
    expect(() => encryptField(dek, "x", { ...ctx, rowId: "" })).toThrow(TypeError);
    expect(() => encryptField(randomBytes(16), "x", ctx)).toThrow(TypeError);
  });

  it("uses a unique IV for each of 10^4 encryptions under one key (CRY-01)", () => {
    const ivs = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) ivs.add(encryptField(dek, "same", ctx).split(".")[1]);
    expect(ivs.size).toBe(10_000);
  });
});

describe("data key wrapping", () => {
  it("wraps under the current kid and unwraps to the same key", () => {
    const dek = generateDataKey();
    const stored = wrapDataKey(keyringV1, dek);
    expect(stored.kid).toBe("k1");
    expect(stored.wrapped).not.toContain(dek.toString("base64url"));
    expect(unwrapDataKey(keyringV1, stored).equals(dek)).toBe(true);
  });

  it("keeps kid1 data readable after kid2 becomes current, and re-wraps it to kid2 (CRY-04)", () => {
    const dek = generateDataKey();
    const old = wrapDataKey(keyringV1, dek);
    const value = encryptField(dek, "before rotation", ctx);

    expect(unwrapDataKey(keyringV2, old).equals(dek)).toBe(true);
    const rewrapped = rewrapDataKey(keyringV2, old);
    expect(rewrapped.kid).toBe("k2");
    expect(rewrapDataKey(keyringV2, rewrapped)).toBe(rewrapped);

    const kid2Only = createKeyring({ keys: { k2 }, currentKid: "k2" });
    expect(decryptField(unwrapDataKey(kid2Only, rewrapped), value, ctx)).toBe("before rotation");
    expectDecryptionError(() => unwrapDataKey(kid2Only, old), "unknown-kid");
    expect(wrapDataKey(keyringV2, dek).kid).toBe("k2");
  });

  it("rejects a tampered or mislabelled wrapped key", () => {
    const stored = wrapDataKey(keyringV2, generateDataKey());
    const bytes = Buffer.from(stored.wrapped, "base64url");
    bytes[3] ^= 0x80;
    expectDecryptionError(
      () => unwrapDataKey(keyringV2, { ...stored, wrapped: bytes.toString("base64url") }),
      "auth-failed",
    );
    expectDecryptionError(() => unwrapDataKey(keyringV2, { ...stored, kid: "k1" }), "auth-failed");
    expectDecryptionError(() => unwrapDataKey(keyringV2, { ...stored, wrapped: "short" }), "malformed");
  });

  it("caches unwrapped keys with LRU eviction and does not cache failures", () => {
    const cache = createDataKeyCache(keyringV2, { maxEntries: 2 });
    const [a, b, c] = [generateDataKey(), generateDataKey(), generateDataKey()].map((d) => wrapDataKey(keyringV2, d));
    const first = cache.unwrap(a);
    cache.unwrap(b);
    expect(cache.unwrap(a)).toBe(first);
    cache.unwrap(c);
    expect(cache.size).toBe(2);
    expect(cache.unwrap(a)).toBe(first);
    expectDecryptionError(() => cache.unwrap({ ...a, kid: "nope" }), "unknown-kid");
    expect(cache.size).toBe(2);
  });
});
