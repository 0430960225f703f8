import type { Request, Response } from "express";
import type { User } from "@shared/schema";
import type { Clock } from "../lib/clock";
import { addressRange, USER_AGENT_MAX } from "./session-client";

/** Signs the user in on a fresh session id (passport regenerates it: no fixation) and stamps its limits. */
export function signIn(req: Request, user: User, clock: Clock): Promise<void> {
  return new Promise((resolve, reject) => {
    req.login(user, (err) => {
      if (err) return reject(err);
      const now = clock.now().getTime();
      req.session.signedInAt = now;
      req.session.lastSeenAt = now;
      req.session.sessionVersion = user.sessionVersion;
      req.session.userAgent = (req.get("user-agent") ?? "").slice(0, USER_AGENT_MAX);
      req.session.ipRange = addressRange(req.ip);
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    });
  });
}

/**
 * Moves a signed-in user to a fresh session id after a privilege change (a role change): the old id stops working,
 * the user stays signed in, and the session keeps its sign-in and step-up times (its limits do not restart).
 */
export function renewSession(req: Request, user: User): Promise<void> {
  const { signedInAt, lastSeenAt, reauthenticatedAt, userAgent, ipRange } = req.session;
  return new Promise((resolve, reject) => {
    req.login(user, (err) => {
      if (err) return reject(err);
      Object.assign(req.session, {
        signedInAt,
        lastSeenAt,
        reauthenticatedAt,
        userAgent,
        ipRange,
        sessionVersion: user.sessionVersion,
      });
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    });
  });
}

/** Ends the session server-side (row deleted), clears the cookie and tells the browser to drop its state. */
export async function signOut(req: Request, res: Response, cookieName: string): Promise<void> {
  if (req.session) {
    await new Promise<void>((resolve, reject) =>
      req.logout({ keepSessionInfo: false }, (err) => (err ? reject(err) : resolve())),
    );
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
  }
  res.clearCookie(cookieName, { path: "/" });
  res.setHeader("Clear-Site-Data", '"cache", "cookies", "storage"');
}
