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

describe("settings that would fail open in a deployment (CONF-01)", () => {
  const freshDir = () => fs.mkdtempSync(path.join(dataDir, "d-"));
  const deployment = (extra: Record<string, string> = {}) => ({
    NODE_ENV: "production",
    DATA_DIR: freshDir(),
    PUBLIC_URL: "https://heirloom.example",
    SESSION_SECRET: long(),
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    MOMO_PROVIDER: "test",
    ...extra,
  });
  const refusal = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error("the configuration was accepted");
  };

  it("refuses https with test-mode payments unless PAYMENTS_MODE=test says so", () => {
    const message = refusal(deployment());
    expect(message).toMatch(/^Invalid configuration: PAYMENTS_MODE=test must be set explicitly/);
    expect(message).not.toContain("\n");
    expect(loadConfig(deployment({ PAYMENTS_MODE: "test" })).paymentsMode).toBe("test");
    const stripe = loadConfig(deployment({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }));
    expect(stripe.paymentsMode).toBe("stripe");
    expect(stripe.stripe?.secretKey).toBe("sk_test_x");
  });

  it("refuses https without SESSION_SECRET or APP_ENCRYPTION_KEY from the environment, and writes no secret file", () => {
    for (const name of ["SESSION_SECRET", "APP_ENCRYPTION_KEY"]) {
      const env = deployment({ PAYMENTS_MODE: "test", [name]: "" });
      const message = refusal(env);
      expect(message).toBe(`Invalid configuration: ${name} must be given by the environment when PUBLIC_URL is https`);
      expect(fs.readdirSync(env.DATA_DIR)).toEqual([]);
    }
  });

  it("keeps the laptop defaults over http, and lists each one as a start-up warning", () => {
    const laptop = loadConfig({ NODE_ENV: "development", DATA_DIR: freshDir() });
    expect(laptop.paymentsMode).toBe("test");
    expect(laptop.sessionSecrets[0].length).toBeGreaterThanOrEqual(32);
    expect(laptop.startupWarnings.map((w) => w.split(" ")[0].replace(/:$/, ""))).toEqual([
      "PAYMENTS_MODE",
      "MOMO_PROVIDER",
      "SESSION_SECRET",
      "APP_ENCRYPTION_KEY",
    ]);
    const configured = loadConfig({ ...deployment({ PAYMENTS_MODE: "test" }), PUBLIC_URL: "http://localhost:5000" });
    expect(configured.startupWarnings).toEqual([]);
  });

  it("runs mobile money in test mode by default, and takes MOMO_PROVIDER=mtn only with its three keys", () => {
    expect(loadConfig(deployment({ PAYMENTS_MODE: "test" })).momo).toEqual({ provider: "test" });
    expect(refusal(deployment({ PAYMENTS_MODE: "test", MOMO_PROVIDER: "" }))).toBe(
      "Invalid configuration: MOMO_PROVIDER=test must be set explicitly for test-mode mobile money when PUBLIC_URL is https",
    );
    expect(
      refusal(
        deployment({ PAYMENTS_MODE: "test", MOMO_PROVIDER: "mtn", MOMO_MTN_API_USER: "u", MOMO_MTN_API_KEY: "k" }),
      ),
    ).toBe(
      "Invalid configuration: MOMO_PROVIDER=mtn needs MOMO_MTN_SUBSCRIPTION_KEY, MOMO_MTN_API_USER and MOMO_MTN_API_KEY",
    );
    expect(refusal(deployment({ PAYMENTS_MODE: "test", MOMO_PROVIDER: "airtel" }))).toMatch(
      /^Invalid configuration: MOMO_PROVIDER /,
    );
    const mtn = loadConfig(
      deployment({
        PAYMENTS_MODE: "test",
        MOMO_PROVIDER: "mtn",
        MOMO_MTN_SUBSCRIPTION_KEY: "s",
        MOMO_MTN_API_USER: "u",
        MOMO_MTN_API_KEY: "k",
      }),
    );
    expect(mtn.momo).toEqual({
      provider: "mtn",
      mtn: {
        baseUrl: "https://proxy.momoapi.mtn.com",
        subscriptionKey: "s",
        apiUser: "u",
        apiKey: "k",
        targetEnvironment: "mtnghana",
      },
    });
  });

  it("takes PAYMENTS_MODE=stripe only with a key, and PAYMENTS_MODE=test over a key", () => {
    expect(refusal(deployment({ PAYMENTS_MODE: "stripe" }))).toBe(
      "Invalid configuration: PAYMENTS_MODE=stripe needs STRIPE_SECRET_KEY",
    );
    expect(refusal(deployment({ PAYMENTS_MODE: "paypal" }))).toMatch(/^Invalid configuration: PAYMENTS_MODE /);
    const forced = loadConfig(deployment({ PAYMENTS_MODE: "test", STRIPE_SECRET_KEY: "sk_test_x" }));
    expect(forced.paymentsMode).toBe("test");
    expect(forced.stripe).toBeUndefined();
  });
});

describe("SCHEDULER_INTERVAL_SECONDS", () => {
  it("defaults to a minute, takes a whole number of seconds, and refuses anything else", () => {
    expect(loadConfig(env(long())).schedulerIntervalMs).toBe(60_000);
    expect(loadConfig({ ...env(long()), SCHEDULER_INTERVAL_SECONDS: "5" }).schedulerIntervalMs).toBe(5_000);
    for (const bad of ["0", "1.5", "soon", "86401"]) {
      expect(() => loadConfig({ ...env(long()), SCHEDULER_INTERVAL_SECONDS: bad })).toThrow(
        /SCHEDULER_INTERVAL_SECONDS/,
      );
    }
  });
});

describe("RESPONSE_DEADLINE_SECONDS", () => {
  it("is left to the app when unset (the pool's connection timeout + 3 s), takes seconds or 0, and refuses anything else", () => {
    expect(loadConfig(env(long())).responseDeadlineMs).toBeUndefined();
    expect(loadConfig({ ...env(long()), RESPONSE_DEADLINE_SECONDS: "" }).responseDeadlineMs).toBeUndefined();
    expect(loadConfig({ ...env(long()), RESPONSE_DEADLINE_SECONDS: "10" }).responseDeadlineMs).toBe(10_000);
    expect(loadConfig({ ...env(long()), RESPONSE_DEADLINE_SECONDS: "0" }).responseDeadlineMs).toBe(0);
    for (const bad of ["-1", "2.5", "later", "601"]) {
      expect(() => loadConfig({ ...env(long()), RESPONSE_DEADLINE_SECONDS: bad })).toThrow(/RESPONSE_DEADLINE_SECONDS/);
    }
  });
});

describe("SMS_PROVIDER", () => {
  it("defaults to the DATA_DIR/outbox file sink and stops the server on a provider it does not know", () => {
    expect(loadConfig(env(long())).smsProvider).toBe("file");
    expect(loadConfig({ ...env(long()), SMS_PROVIDER: " file " }).smsProvider).toBe("file");
    expect(() => loadConfig({ ...env(long()), SMS_PROVIDER: "twilio" })).toThrow(
      /^Invalid configuration: SMS_PROVIDER must be unset or file/,
    );
  });
});
