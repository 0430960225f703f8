import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type pg from "pg";
import type { Redis } from "ioredis";
import type { AppConfig, RateLimitRule } from "../config";
import { serviceUnavailable, tooManyRequests } from "../lib/app-error";

export type Limiters = {
  loginAccountIp: RateLimiterAbstract;
  loginIpDay: RateLimiterAbstract;
  register: RateLimiterAbstract;
  passwordReset: RateLimiterAbstract;
  tokenLookup: RateLimiterAbstract;
};

type Store = { kind: "pg"; pool: pg.Pool } | { kind: "redis"; client: Redis };

function build(store: Store, keyPrefix: string, rule: RateLimitRule): RateLimiterAbstract {
  const base = { keyPrefix, points: rule.points, duration: rule.durationSeconds };
  if (store.kind === "redis") return new RateLimiterRedis({ ...base, storeClient: store.client });
  return new RateLimiterPostgres({
    ...base,
    storeClient: store.pool,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    clearExpiredByTimeout: false,
  });
}

/** Limits shared by every server process: PostgreSQL by default, Redis when REDIS_URL is set. */
export function createLimiters(store: Store, rules: AppConfig["rateLimits"]): Limiters {
  return {
    loginAccountIp: build(store, "login_acct_ip", rules.loginPerAccountAndIp),
    loginIpDay: build(store, "login_ip_day", rules.loginFailuresPerIpPerDay),
    register: build(store, "register_ip", rules.registerPerIp),
    passwordReset: build(store, "pw_reset_ip", rules.passwordResetPerIp),
    tokenLookup: build(store, "token_ip", rules.tokenLookupPerIp),
  };
}

/** Throws 429 with Retry-After when the key has no points left; never consumes. Fails closed (503) on store errors. */
export async function assertNotBlocked(limiter: RateLimiterAbstract, key: string): Promise<void> {
  let res: RateLimiterRes | null;
  try {
    res = await limiter.get(key);
  } catch {
    throw serviceUnavailable();
  }
  if (res && res.remainingPoints <= 0) throw tooManyRequests(res.msBeforeNext / 1000);
}

/** Consumes one point; throws 429 when that went over the limit. */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyRequests(err.msBeforeNext / 1000);
    throw serviceUnavailable();
  }
}

/**
 * Records a failure without throwing (the caller answers with its own error). True when this very failure used the
 * last point, so the block starts now: the store counts atomically, so exactly one failure per block window sees it.
 */
export async function penalize(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    const res = await limiter.penalty(key, 1);
    return res.consumedPoints === limiter.points;
  } catch {
    // a lost failure count is better than turning a 401 into a 503
    return false;
  }
}
