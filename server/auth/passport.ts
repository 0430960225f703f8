import type { IncomingMessage } from "node:http";
import { Passport } from "passport";
import { Strategy as GoogleStrategy, type Profile } from "passport-google-oauth20";
import type { User } from "@shared/schema";
import type { AppConfig } from "../config";
import type { Db } from "../db";
import { findUserById } from "../features/auth/auth.queries";
import { findOrLinkGoogleUser, type GoogleCtx } from "../features/auth/google.service";
import type { SessionUsers } from "./session";

/**
 * One Passport instance per app (no global state between test apps). The session keeps only the user id;
 * every request reloads the row, and a suspended or deleted user deserializes to "signed out".
 */
export function createPassport(
  db: Db,
  config: AppConfig,
  googleCtx: GoogleCtx,
  sessionUsers?: SessionUsers,
): InstanceType<typeof Passport> {
  const passport = new Passport();
  passport.serializeUser((user, done) => done(null, (user as User).id));
  // With three parameters passport passes the request first: (req, id, done).
  passport.deserializeUser(
    (req: IncomingMessage & { sessionID?: string }, id: unknown, done: (err: unknown, user?: User | false) => void) => {
      if (typeof id !== "number") return done(null, false);
      // Usually already read together with the session row (one query for both).
      const loaded = req.sessionID ? sessionUsers?.take(req.sessionID) : undefined;
      if (loaded !== undefined && (loaded === null || loaded.id === id)) {
        return done(null, loaded && loaded.status === "active" ? loaded : false);
      }
      findUserById(db, id)
        .then((user) => done(null, user && user.status === "active" ? user : false))
        .catch((err: unknown) => done(err));
    },
  );

  if (config.google) {
    passport.use(
      new GoogleStrategy(
        {
          clientID: config.google.clientId,
          clientSecret: config.google.clientSecret,
          callbackURL: `${config.publicUrl}/auth/google/callback`,
          // The callback must carry the nonce this browser's session got at the start (login CSRF, AUTH-09).
          state: true,
          ...config.google.endpoints,
          scope: ["openid", "email", "profile"],
        },
        (
          _accessToken: string,
          _refreshToken: string,
          profile: Profile,
          done: (err: unknown, user?: User | false) => void,
        ) => {
          findOrLinkGoogleUser(db, googleCtx, profile)
            .then((user) => done(null, user ?? false))
            .catch((err: unknown) => done(err));
        },
      ),
    );
  }
  return passport;
}
