import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeyring, parseMasterKey } from "./keyring";

describe("createKeyring", () => {
  it("lists the current kid first and knows every configured kid", () => {
    const keyring = createKeyring({ keys: { k1: randomBytes(32), k2: randomBytes(32) }, currentKid: "k2" });
    expect(keyring.kids).toEqual(["k2", "k1"]);
    expect(keyring.has("k1")).toBe(true);
    expect(keyring.has("k3")).toBe(false);
  });

  it("derives different subkeys per purpose and never returns the master key itself", () => {
    const master = randomBytes(32);
    const keyring = createKeyring({ keys: { k1: master }, currentKid: "k1" });
    const wrapKey = keyring.subkey("k1", "dek-wrap");
    const fileKey = keyring.subkey("k1", "file-keyring");
    expect(wrapKey).toHaveLength(32);
    expect(wrapKey.equals(fileKey)).toBe(false);
    expect(wrapKey.equals(master)).toBe(false);
  });

  it("refuses keys that are not 32 bytes, a missing current kid, bad kids and duplicated keys", () => {
    const key = randomBytes(32);
    expect(() => createKeyring({ keys: { k1: randomBytes(16) }, currentKid: "k1" })).toThrow(/32 bytes/);
    expect(() => createKeyring({ keys: { k1: key }, currentKid: "k2" })).toThrow(/current kid/);
    expect(() => createKeyring({ keys: { "k 1": key }, currentKid: "k 1" })).toThrow(/invalid kid/);
    expect(() => createKeyring({ keys: { k1: key, k2: Buffer.from(key) }, currentKid: "k1" })).toThrow(/duplicates/);
    expect(() => createKeyring({ keys: { k1: Buffer.alloc(32) }, currentKid: "k1" })).toThrow(/not random/);
  });

  it("never puts key bytes into its error messages", () => {
    const keyring = createKeyring({ keys: { k1: randomBytes(32) }, currentKid: "k1" });
    expect(() => keyring.subkey("nope", "dek-wrap")).toThrow('Keyring: unknown kid "nope"');
  });
});

describe("parseMasterKey", () => {
  it("accepts base64 and base64url of exactly 32 bytes", () => {
    const key = randomBytes(32);
    expect(parseMasterKey(key.toString("base64")).equals(key)).toBe(true);
    expect(parseMasterKey(key.toString("base64url")).equals(key)).toBe(true);
  });

  it("refuses other lengths and characters that base64 decoding would silently drop", () => {
    expect(() => parseMasterKey(randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
    expect(() => parseMasterKey(`${randomBytes(32).toString("base64")}!!`)).toThrow(/base64/);
  });
});
