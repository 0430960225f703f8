import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import type { Redis } from "ioredis";
import type { AppConfig, RateLimitRule } from "../config";
import { serviceUnavailable, tooManyRequests } from "../lib/app-error";

export type Limiters = {
  loginAccountIp: RateLimiterAbstract;
  loginAccount: RateLimiterAbstract;
  loginIpDay: RateLimiterAbstract;
  loginSlowLane: RateLimiterAbstract;
  /** Not a limit: (account, address) pairs that signed in successfully, remembered for KNOWN_ADDRESS_SECONDS. */
  knownAddress: RateLimiterAbstract;
  register: RateLimiterAbstract;
  passwordReset: RateLimiterAbstract;
  tokenLookup: RateLimiterAbstract;
  passkeySignIn: RateLimiterAbstract;
};

/** How long an address stays "one this account signs in from" after its last successful sign-in there. */
export const KNOWN_ADDRESS_SECONDS = 60 * 24 * 60 * 60;

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
    loginAccount: build(store, "login_acct", rules.loginPerAccount),
    loginIpDay: build(store, "login_ip_day", rules.loginFailuresPerIpPerDay),
    loginSlowLane: build(store, "login_ip_slow", rules.loginSlowLanePerIp),
    knownAddress: build(store, "login_known", { points: 1, durationSeconds: KNOWN_ADDRESS_SECONDS }),
    register: build(store, "register_ip", rules.registerPerIp),
    passwordReset: build(store, "pw_reset_ip", rules.passwordResetPerIp),
    tokenLookup: build(store, "token_ip", rules.tokenLookupPerIp),
    passkeySignIn: build(store, "passkey_ip", rules.passkeySignInPerIp),
  };
}

/**
 * Takes one point atomically (the store's upsert counts it), before the work it pays for. Answers the count after
 * this point, or throws 429 with Retry-After when it went over the limit. Fails closed (503) on store errors.
 */
export async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooManyRequests(err.msBeforeNext / 1000);
    throw serviceUnavailable();
  }
}

/** One point of a limit that the caller's own statement takes (pointStatement), in place of consume(). */
export type StatementPoint = { key: string; points: number; durationMs: number };

/**
 * The point consume(limiter, key) would take, for work that takes it inside its own statement so that the point and
 * the work commit once, together (an open of a release link). Undefined when the limiter's store is not the
 * database (Redis): the caller consumes the point as usual then.
 */
export function statementPoint(limiter: RateLimiterAbstract, key: string): StatementPoint | undefined {
  if (!(limiter instanceof RateLimiterPostgres)) return undefined;
  return { key: limiter.getKey(key), points: limiter.points, durationMs: limiter.duration * 1000 };
}

/**
 * RateLimiterPostgres's own upsert of one point (rate-limiter-flexible `_upsert`, same table, key, expiry rule and
 * clock), to run as a CTE of the caller's statement: answers the row's `points` and `expire` (epoch ms) after it.
 */
export function pointStatement(p: StatementPoint, at: number): SQL {
  const expire = p.durationMs > 0 ? at + p.durationMs : null;
  return sql`insert into rate_limits (key, points, expire) values (${p.key}, 1, ${expire}::bigint)
    on conflict (key) do update set
      points = case when rate_limits.expire <= ${at}::bigint then 1 else rate_limits.points + 1 end,
      expire = case when rate_limits.expire <= ${at}::bigint then ${expire}::bigint else rate_limits.expire end
    returning points, expire`;
}

/** What consume() throws when the point a statement took went over the limit (429 with Retry-After); else nothing. */
export function overStatementPoint(p: StatementPoint, taken: { points: number; expire: number | null }, at: number) {
  if (taken.points <= p.points) return undefined;
  return tooManyRequests(taken.expire === null ? 0 : Math.max(taken.expire - at, 0) / 1000);
}

/** Gives back a point taken by consume (work that did not happen, or a success that must not count). */
export async function refund(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    const res = await limiter.reward(key, 1);
    // a window that ended in between would start the next one with a credit: start it clean instead
    if (res.consumedPoints < 0) await limiter.delete(key);
  } catch {
    // a lost refund only makes the limit a little stricter
  }
}

/** True when this consume took the limiter's last point: the block starts with it (logged once per block). */
export function tookLastPoint(limiter: RateLimiterAbstract, res: RateLimiterRes | undefined): boolean {
  return res !== undefined && res.consumedPoints === limiter.points;
}
