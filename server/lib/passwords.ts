import os from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "./app-error";
import { concurrencyLimit, QueueFullError } from "./concurrency-limit";

/** @node-rs/argon2 exports Algorithm as a const enum, which isolated modules cannot read: Argon2id = 2. */
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane (about 35 ms here). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many argon2 hashes run at once: one CPU is always left to the event loop, so a sign-in storm queues its
 * hashes instead of starving every other request (and their memory, 19 MiB each, stays bounded). REL-06.
 */
export const ARGON2_SLOTS = Math.max(1, os.availableParallelism() - 1);
/** The slots every hash and verify of this process goes through; exported for the queue-bound test. */
export const argon2Slots = concurrencyLimit(ARGON2_SLOTS, { maxWaiting: 64 });

/**
 * How many hashes may wait for a slot (ARGON2_MAX_QUEUE; set once at start-up). Beyond it a sign-in answers 503
 * with Retry-After at once, instead of queueing behind seconds of work and holding its connection and memory.
 */
export function setArgon2MaxQueue(maxWaiting: number): void {
  argon2Slots.maxWaiting = maxWaiting;
}

export const HASH_QUEUE_FULL = "Too many sign-ins at once. Please try again in a moment.";

async function inSlot<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await argon2Slots(task);
  } catch (err) {
    if (err instanceof QueueFullError) throw new AppError(503, HASH_QUEUE_FULL, undefined, { "Retry-After": "2" });
    throw err;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inSlot(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await inSlot(() => verify(phc, password));
  } catch (err) {
    if (err instanceof AppError) throw err; // a full queue is "busy", never "wrong password"
    return false;
  }
}

/** True when a stored hash is weaker than today's parameters, so it is upgraded at the next sign-in. */
export function needsRehash(phc: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  if (!m) return true;
  return Number(m[1]) < ARGON2_OPTIONS.memoryCost || Number(m[2]) < ARGON2_OPTIONS.timeCost;
}

/**
 * Verifying against this for unknown e-mails makes "no such user" cost the same as "wrong password" (AUTH-01). A
 * fixed hash with today's parameters of a random password nobody kept: computing it lazily would make the first
 * unknown e-mail pay for one extra hash.
 */
export const DUMMY_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$tSLTBDjWzVfTOMSvIfEX6w$DlOc6Q6HS705U9ne/czBHNwmpe2kIwpFIbwShFaNjbE";

const COMMON_PASSWORDS = new Set(dictionary["passwords-common"].slice(0, 10_000).map((p) => p.toLowerCase()));

/** The 10 000 most common passwords (offline list), compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
