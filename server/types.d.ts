import type { User as DbUser } from "@shared/schema";

declare global {
  namespace Express {
    // eslint-free declaration merging: the signed-in user is the full database row, reloaded on every request.
    interface User extends DbUser {}
  }
}

declare module "express-session" {
  interface SessionData {
    signedInAt: number;
    lastSeenAt: number;
    sessionVersion: number;
    /** The last password confirmation (POST /api/user/reauth), by the injectable clock: export step-up. */
    reauthenticatedAt: number;
    /**
     * A beneficiary's release session (server/features/releases/release-session.ts): the one release it opened, by
     * the injectable clock. Never set together with a signed-in user.
     */
    release: { id: number; openedAt: number; seenAt: number };
    /** The browser's user agent at sign-in (truncated), for the session list in settings. */
    userAgent: string;
    /**
     * Between the two steps of a sign-in with two-factor sign-in on (server/auth/pending-sign-in.ts): whose, until
     * when. Never set together with a signed-in user.
     */
    pendingSignIn: import("./auth/pending-sign-in").PendingSignIn;
    /** The coarse network (IPv4 /24, IPv6 /48) the session was last seen from, never the address itself. */
    ipRange: string;
  }
}

export {};
