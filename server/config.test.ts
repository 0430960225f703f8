import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-config-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const env = (sessionSecret: string) => ({
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  SESSION_SECRET: sessionSecret,
  APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
});
const long = () => randomBytes(32).toString("hex");

describe("SESSION_SECRET", () => {
  it("refuses a short secret, alone or hidden in a rotation pair", () => {
    expect(() => loadConfig(env("short"))).toThrow(ConfigError);
    expect(() => loadConfig(env(`${long()},short`))).toThrow(/every secret must be at least 32 characters/);
    expect(() => loadConfig(env(`short,${long()}`))).toThrow(ConfigError);
  });

  it("takes a rotation pair in order: the first signs, both verify", () => {
    const [fresh, old] = [long(), long()];
    expect(loadConfig(env(`${fresh}, ${old}`)).sessionSecrets).toEqual([fresh, old]);
  });
});
