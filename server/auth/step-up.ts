import type { RequestHandler } from "express";
import type { Session, SessionData } from "express-session";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { AppError } from "../lib/app-error";
import type { Clock } from "../lib/clock";

/** How long a sign-in or a password confirmation covers a sensitive action (contract: 15 minutes). */
export const RECENT_AUTH_MS = 15 * 60 * 1000;

/** When the session's last proof of the password (sign-in or POST /api/user/reauth) stops counting, or undefined. */
export function recentAuthUntil(session: Partial<SessionData> | undefined): number | undefined {
  const last = Math.max(session?.signedInAt ?? 0, session?.reauthenticatedAt ?? 0);
  return last > 0 ? last + RECENT_AUTH_MS : undefined;
}

/**
 * Step-up for actions that hand out everything at once (an export): a live session is not enough, it must have
 * signed in or confirmed the password within the last 15 minutes by the injectable clock; else 401 saying so. Runs
 * after the route's access guard, so the caller is signed in.
 */
export function requireRecentAuth(clock: Clock): RequestHandler {
  return (req, _res, next) => {
    const until = recentAuthUntil(req.session as (Session & Partial<SessionData>) | undefined);
    if (until === undefined || clock.now().getTime() > until) return next(new AppError(401, REAUTH_REQUIRED_MESSAGE));
    next();
  };
}
