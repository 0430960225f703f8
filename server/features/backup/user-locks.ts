import { AppError } from "../../lib/app-error";

export type UserLocks = {
  /** Takes the user's slot or throws 429 with `message`; the returned function frees it (idempotent). */
  acquire(userId: number, message: string): () => void;
  isHeld(userId: number): boolean;
};

/**
 * One running job per user (an export streaming, a restore writing). In-process: each server process guards its own
 * users; a second process would need a shared lock, which the one-process deployment does not have.
 */
export function createUserLocks(): UserLocks {
  const held = new Set<number>();
  return {
    acquire(userId, message) {
      if (held.has(userId)) throw new AppError(429, message, undefined, { "Retry-After": "30" });
      held.add(userId);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        held.delete(userId);
      };
    },
    isHeld: (userId) => held.has(userId),
  };
}
