import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { serviceUnavailable } from "../lib/app-error";
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
 * - per account over every address it never signed in from: a short window, so a distributed guesser is slowed
 *   while the owner, from an address they signed in from before, is never held up (AUTH-14);
 * - per address over accounts never signed in from it: the daily stuffing budget (AUTH-03). Once spent, the
 *   address falls to a slow lane of one attempt per short window instead of a day's block, so the people behind a
 *   carrier NAT are slowed, not locked out, by someone else's failures; those who signed in from there before pass
 *   at once (ABUSE-04). The slow lane gives a stuffer one guess per window, and the known-address pass gives it
 *   nothing: the accounts it tries were never signed in from its address.
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
  let account: RateLimiterRes | undefined;
  let addressDay: RateLimiterRes | undefined;
  if (!known) {
    try {
      account = await take(limiters.loginAccount, email);
      addressDay = await takeFromAddressBudget(limiters, address);
      if (addressDay) taken.push([limiters.loginIpDay, address]);
      else await take(limiters.loginSlowLane, address); // the day's budget is spent: the slow lane, or 429
    } catch (err) {
      await giveBack();
      throw err;
    }
  }

  return {
    async succeeded() {
      await Promise.all([
        limiters.loginAccountIp.delete(pair).catch(() => undefined),
        ...(account ? [refund(limiters.loginAccount, email)] : []),
        ...(addressDay ? [refund(limiters.loginIpDay, address)] : []),
        rememberAddress(limiters, email, address),
      ]);
    },
    failed: () => ({
      account: tookLastPoint(limiters.loginAccountIp, accountIp),
      accountWide: tookLastPoint(limiters.loginAccount, account),
      address: tookLastPoint(limiters.loginIpDay, addressDay),
    }),
    async abandoned() {
      await giveBack();
    },
  };
}

/** One point of the address's daily budget, or undefined when it is spent. */
async function takeFromAddressBudget(limiters: Limiters, address: string): Promise<RateLimiterRes | undefined> {
  try {
    return await limiters.loginIpDay.consume(address);
  } catch (err) {
    if (err instanceof RateLimiterRes) return undefined;
    throw serviceUnavailable();
  }
}
