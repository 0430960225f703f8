import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { serviceUnavailable, tooManyRequests } from "../lib/app-error";
import { consume, KNOWN_ADDRESS_SECONDS, refund, tookLastPoint, type Limiters } from "./rate-limits";

/** Which blocks began with this failure: each is audited once, by the failure that took its last point (AUTH-03). */
export type BlocksStarted = { account: boolean; accountWide: boolean; address: boolean };

export type LoginAttempt = {
  /** The password was right: its points go back, and the address becomes one this account signs in from. */
  succeeded(): Promise<void>;
  /** The password was wrong: the points stay spent. */
  failed(): BlocksStarted;
  /** Nothing was verified (an outage, a full hash queue) or the answer was not a guess: every point goes back. */
  abandoned(): Promise<void>;
};

const pairKey = (email: string, address: string) => `${email}|${address}`;

/** True when this account signed in successfully from this address (IPv4, or IPv6 /64) in the last 60 days. */
async function isKnownAddress(limiters: Limiters, email: string, address: string): Promise<boolean> {
  try {
    const res = await limiters.knownAddress.get(pairKey(email, address));
    return res !== null && res.consumedPoints > 0;
  } catch {
    throw serviceUnavailable();
  }
}

/** Remembers a successful sign-in (or sign-up) of this account from this address. */
export async function rememberAddress(limiters: Limiters, email: string, address: string): Promise<void> {
  try {
    await limiters.knownAddress.set(pairKey(email, address), 1, KNOWN_ADDRESS_SECONDS);
  } catch {
    // forgetting one only means the next sign-in from here is counted like a stranger's
  }
}

/**
 * Pays for one password guess BEFORE it is verified, so a parallel burst gets exactly as many verifications as the
 * limits allow (AUTH-13); a refusal is 429 with Retry-After and runs no argon2. The limits, all atomic counters:
 *
 * - per (account, address): the hard cap for everyone, the right password included (AUTH-02);
 * - per account, over all addresses: a short window, so a distributed guesser is slowed for minutes, while the
 *   owner, from an address they signed in from before, passes (AUTH-14): it cannot lock the owner out;
 * - per address, over all accounts: the daily stuffing budget (AUTH-03). Once spent, accounts never signed in from
 *   that address fall to a slow lane of one attempt per short window instead of a day's block, and accounts that
 *   did sign in from there pass: the people behind a carrier NAT are slowed at worst, never locked out for a day
 *   by someone else's failures (ABUSE-04). A stuffer gains one guess per slow-lane window and nothing from the
 *   pass, because the accounts it tries were never signed in from its address.
 */
export async function beginLoginAttempt(limiters: Limiters, email: string, address: string): Promise<LoginAttempt> {
  const known = await isKnownAddress(limiters, email, address);
  const taken: [RateLimiterAbstract, string][] = [];
  const giveBack = () => Promise.all(taken.map(([limiter, key]) => refund(limiter, key)));
  const take = async (limiter: RateLimiterAbstract, key: string) => {
    const res = await consume(limiter, key);
    taken.push([limiter, key]);
    return res;
  };

  const pair = pairKey(email, address);
  const accountIp = await take(limiters.loginAccountIp, pair);
  let account: Counted;
  let addressDay: Counted;
  try {
    // Counted for every attempt, known address or not, so both run the same statements (AUTH-01): the known
    // address only decides whether a spent budget refuses.
    account = await count(limiters.loginAccount, email);
    taken.push([limiters.loginAccount, email]);
    if (account.over && !known) throw tooManyRequests(account.res.msBeforeNext / 1000);
    addressDay = await count(limiters.loginIpDay, address);
    taken.push([limiters.loginIpDay, address]);
    if (addressDay.over && !known) await take(limiters.loginSlowLane, address); // the slow lane, or 429
  } catch (err) {
    await giveBack();
    throw err;
  }

  return {
    async succeeded() {
      await Promise.all([
        limiters.loginAccountIp.delete(pair).catch(() => undefined),
        refund(limiters.loginAccount, email),
        refund(limiters.loginIpDay, address),
        rememberAddress(limiters, email, address),
      ]);
    },
    failed: () => ({
      account: tookLastPoint(limiters.loginAccountIp, accountIp),
      accountWide: tookLastPoint(limiters.loginAccount, account.res),
      address: tookLastPoint(limiters.loginIpDay, addressDay.res),
    }),
    async abandoned() {
      await giveBack();
    },
  };
}

type Counted = { res: RateLimiterRes; over: boolean };

/** Takes one point whether or not the limit is spent, and says which. */
async function count(limiter: RateLimiterAbstract, key: string): Promise<Counted> {
  try {
    return { res: await limiter.consume(key), over: false };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { res: err, over: true };
    throw serviceUnavailable();
  }
}
