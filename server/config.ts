import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  /** Without DATABASE_URL: PGlite in a supervised process of its own (default), or inside the server process. */
  EMBEDDED_DATABASE: z.enum(["process", "inline"]).default("process"),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** One secret, or "new,old" while rotating: each of them at least 32 characters. */
  SESSION_SECRET: optionalString.pipe(
    z
      .string()
      .refine(
        (v) =>
          v
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean)
            .every((x) => x.length >= 32),
        "every secret must be at least 32 characters",
      )
      .optional(),
  ),
  APP_ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64-encoded")
      .optional(),
  ),
  APP_ENCRYPTION_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, "must be 1-32 letters, digits, _ or -")
    .default("k1"),
  /** Retired master keys still needed to read old data during a rotation: "kid:base64,kid:base64". */
  APP_PREVIOUS_ENCRYPTION_KEYS: z.string().default(""),
  ADMIN_EMAILS: z.string().default(""),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Heirloom <no-reply@heirloom.local>"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** `stripe` needs STRIPE_SECRET_KEY; unset: `stripe` when a key is given, else the built-in `test` provider. */
  PAYMENTS_MODE: optionalString.pipe(z.enum(["stripe", "test"], { error: "must be stripe or test" }).optional()),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  REDIS_URL: optionalString,
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Age after which an interrupted upload's leftovers are swept (tests and operators may shorten it). */
  SWEEP_AGE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600 * 1000)
    .default(15 * 60 * 1000),
  /** Password hashes waiting for a CPU beyond this many: new sign-ins answer 503 with Retry-After (REL-06). */
  ARGON2_MAX_QUEUE: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Background work (due triggers, warnings, expiries…) runs at start-up and at least once per interval (contract). */
  SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  RESPONSE_DEADLINE_SECONDS: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(600).optional(),
  ),
  /** Unset (or `file`): SMS and WhatsApp messages are written to DATA_DIR/outbox/*.txt and logged (contract). */
  SMS_PROVIDER: optionalString.pipe(
    z.enum(["file"], { error: "must be unset or file (no other SMS provider is built in)" }).optional(),
  ),
  /** `test` (default): the built-in mobile-money test mode; `mtn`: MTN MoMo's collection API (MOMO_MTN_* below). */
  MOMO_PROVIDER: optionalString.pipe(z.enum(["test", "mtn"], { error: "must be test or mtn" }).optional()),
  MOMO_MTN_BASE_URL: z.string().default("https://proxy.momoapi.mtn.com"),
  MOMO_MTN_SUBSCRIPTION_KEY: optionalString,
  MOMO_MTN_API_USER: optionalString,
  MOMO_MTN_API_KEY: optionalString,
  MOMO_MTN_TARGET_ENVIRONMENT: z.string().default("mtnghana"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type RateLimitRule = { points: number; durationSeconds: number };

export type AppConfig = {
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedDatabase: "process" | "inline";
  publicUrl: string;
  publicOrigin: string;
  isSecure: boolean;
  sessionSecrets: string[];
  /** Master keys by key id; `currentKid` encrypts, every listed kid decrypts. */
  encryptionKeys: Record<string, Buffer>;
  currentKid: string;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where payments go: Stripe, or the built-in test provider that applies every change at once. */
  paymentsMode: "stripe" | "test";
  /** Set exactly when paymentsMode is `stripe`. */
  stripe: { secretKey: string; webhookSecret: string | undefined } | undefined;
  storage:
    | { driver: "local"; root: string }
    | {
        driver: "s3";
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      };
  google:
    | {
        clientId: string;
        clientSecret: string;
        /** Tests only (set through loadConfig's overrides, never from the environment): a fake Google's URLs. */
        endpoints?: { authorizationURL: string; tokenURL: string; userProfileURL: string };
      }
    | undefined;
  redisUrl: string | undefined;
  trustProxy: number;
  logLevel: string;
  sweepAgeMs: number;
  /** SCHEDULER_INTERVAL_SECONDS in milliseconds. */
  schedulerIntervalMs: number;
  /**
   * RESPONSE_DEADLINE_SECONDS in milliseconds (0: none): a read not answered by then gets 503. Unset: 3 s after the
   * pool's connection timeout, so a request queued for a connection is answered by the pool first.
   */
  responseDeadlineMs: number | undefined;
  /** Where SMS and WhatsApp messages go: `file` is DATA_DIR/outbox/*.txt plus a log line. */
  smsProvider: "file";
  /** Mobile money: the built-in test mode, or MTN MoMo's collection API with its keys. */
  momo:
    | { provider: "test" }
    | {
        provider: "mtn";
        mtn: { baseUrl: string; subscriptionKey: string; apiUser: string; apiKey: string; targetEnvironment: string };
      };
  /** Defaults that are right on a laptop and wrong for a deployment, in use over plain http: logged at start-up. */
  startupWarnings: string[];
  argon2MaxQueue: number;
  /** Address limits count per IPv4 address or IPv6 /64 (server/auth/ip-key.ts). */
  rateLimits: {
    /** Guesses at one account from one address: the hard cap, right password included (AUTH-02, AUTH-13). */
    loginPerAccountAndIp: RateLimitRule;
    /** Guesses at one account from all addresses: a short window that slows strangers, never its known addresses. */
    loginPerAccount: RateLimitRule;
    /** Failed sign-ins from one address, whatever the account: the daily stuffing budget (AUTH-03)… */
    loginFailuresPerIpPerDay: RateLimitRule;
    /** …and once it is spent, the slow lane for accounts never signed in from there: one per window (ABUSE-04). */
    loginSlowLanePerIp: RateLimitRule;
    registerPerIp: RateLimitRule;
    passwordResetPerIp: RateLimitRule;
    /** Reset mails to one address; beyond it requests are answered the same and nothing is sent. */
    tokenLookupPerIp: RateLimitRule;
    /** Password-less passkey sign-ins from one address: options and answers both count (a session row each). */
    passkeySignInPerIp: RateLimitRule;
  };
};

/** What tests (and tools) may set over the environment's values; rate limits merge rule by rule. */
export type ConfigOverrides = Partial<Omit<AppConfig, "rateLimits">> & {
  rateLimits?: Partial<AppConfig["rateLimits"]>;
};

export class ConfigError extends Error {}

/** Reads a secret from DATA_DIR, creating it (mode 0600) on first start. */
function loadOrCreateSecret(dataDir: string, fileName: string, make: () => string): string {
  const file = path.join(dataDir, fileName);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const value = make();
  fs.writeFileSync(file, value + "\n", { mode: 0o600, flag: "wx" });
  return value;
}

function parsePreviousKeys(value: string): Record<string, Buffer> {
  const keys: Record<string, Buffer> = {};
  for (const entry of value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [kid, key] = entry.split(":");
    const bytes = Buffer.from(key ?? "", "base64");
    if (!kid || !/^[A-Za-z0-9_-]{1,32}$/.test(kid) || bytes.length !== 32) {
      throw new ConfigError("Invalid configuration: APP_PREVIOUS_ENCRYPTION_KEYS must be kid:base64-of-32-bytes pairs");
    }
    keys[kid] = bytes;
  }
  return keys;
}

type FailOpen = { refusal: string; warning: string };

/** Settings whose default is right for `npm start` on a laptop and fails open in a deployment (contract, CONF-01). */
function momoConfig(e: z.infer<typeof envSchema>): AppConfig["momo"] {
  if ((e.MOMO_PROVIDER ?? "test") === "test") return { provider: "test" };
  const { MOMO_MTN_SUBSCRIPTION_KEY: subscriptionKey, MOMO_MTN_API_USER: apiUser, MOMO_MTN_API_KEY: apiKey } = e;
  if (!subscriptionKey || !apiUser || !apiKey) {
    throw new ConfigError(
      "Invalid configuration: MOMO_PROVIDER=mtn needs MOMO_MTN_SUBSCRIPTION_KEY, MOMO_MTN_API_USER and MOMO_MTN_API_KEY",
    );
  }
  return {
    provider: "mtn",
    mtn: {
      baseUrl: e.MOMO_MTN_BASE_URL,
      subscriptionKey,
      apiUser,
      apiKey,
      targetEnvironment: e.MOMO_MTN_TARGET_ENVIRONMENT,
    },
  };
}

function failOpenSettings(e: z.infer<typeof envSchema>, paymentsMode: "stripe" | "test"): FailOpen[] {
  const found: FailOpen[] = [];
  if (paymentsMode === "test" && e.PAYMENTS_MODE !== "test") {
    found.push({
      refusal: "PAYMENTS_MODE=test must be set explicitly (or STRIPE_SECRET_KEY given) for test-mode payments",
      warning: "PAYMENTS_MODE: payments run in test mode (no Stripe key): every plan change applies at once, unpaid",
    });
  }
  if (e.MOMO_PROVIDER === undefined) {
    found.push({
      refusal: "MOMO_PROVIDER=test must be set explicitly for test-mode mobile money",
      warning:
        "MOMO_PROVIDER: mobile money runs in test mode: a payer approves their own payment on the screen, unpaid",
    });
  }
  for (const name of ["SESSION_SECRET", "APP_ENCRYPTION_KEY"] as const) {
    if (e[name] === undefined) {
      found.push({
        refusal: `${name} must be given by the environment`,
        warning: `${name} is not set: using the one generated into DATA_DIR (fine on a laptop, not for a deployment)`,
      });
    }
  }
  return found;
}

/**
 * Validates the environment once at start-up; a bad value throws a ConfigError whose message is one line
 * naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: ConfigOverrides = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const isSecure = publicUrl.startsWith("https://");
  const paymentsMode = e.PAYMENTS_MODE ?? (e.STRIPE_SECRET_KEY ? "stripe" : "test");
  if (paymentsMode === "stripe" && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError("Invalid configuration: PAYMENTS_MODE=stripe needs STRIPE_SECRET_KEY");
  }
  const failOpen = failOpenSettings(e, paymentsMode);
  // Over https this is a deployment: a default that fails open stops the server, before anything is written.
  if (isSecure && failOpen.length > 0) {
    throw new ConfigError(`Invalid configuration: ${failOpen[0].refusal} when PUBLIC_URL is https`);
  }
  const sessionSecret =
    e.SESSION_SECRET ?? loadOrCreateSecret(dataDir, "session-secret", () => randomBytes(48).toString("base64url"));
  const encryptionKey =
    e.APP_ENCRYPTION_KEY ?? loadOrCreateSecret(dataDir, "encryption-key", () => randomBytes(32).toString("base64"));
  if (e.STORAGE_DRIVER === "s3" && !e.S3_BUCKET)
    throw new ConfigError("Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3");
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError("Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedDatabase: e.EMBEDDED_DATABASE,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    isSecure,
    sessionSecrets: sessionSecret
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    encryptionKeys: {
      ...parsePreviousKeys(e.APP_PREVIOUS_ENCRYPTION_KEYS),
      [e.APP_ENCRYPTION_KEY_ID]: Buffer.from(encryptionKey, "base64"),
    },
    currentKid: e.APP_ENCRYPTION_KEY_ID,
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paymentsMode,
    stripe:
      paymentsMode === "stripe" && e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    storage:
      e.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3",
            bucket: e.S3_BUCKET ?? "",
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : { driver: "local", root: path.join(dataDir, "blobs") },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    sweepAgeMs: e.SWEEP_AGE_MS,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_SECONDS * 1000,
    responseDeadlineMs: e.RESPONSE_DEADLINE_SECONDS === undefined ? undefined : e.RESPONSE_DEADLINE_SECONDS * 1000,
    smsProvider: e.SMS_PROVIDER ?? "file",
    momo: momoConfig(e),
    startupWarnings: failOpen.map((setting) => setting.warning),
    argon2MaxQueue: e.ARGON2_MAX_QUEUE,
    ...overrides,
    rateLimits: {
      loginPerAccountAndIp: { points: 10, durationSeconds: 60 * 60 },
      loginPerAccount: { points: 20, durationSeconds: 15 * 60 },
      loginFailuresPerIpPerDay: { points: 100, durationSeconds: 24 * 60 * 60 },
      loginSlowLanePerIp: { points: 1, durationSeconds: 5 * 60 },
      registerPerIp: { points: 20, durationSeconds: 60 * 60 },
      passwordResetPerIp: { points: 10, durationSeconds: 60 * 60 },
      tokenLookupPerIp: { points: 30, durationSeconds: 15 * 60 },
      passkeySignInPerIp: { points: 60, durationSeconds: 15 * 60 },
      ...overrides.rateLimits,
    },
  };
}
