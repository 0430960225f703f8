import type { Profile } from "passport-google-oauth20";
import type { User } from "@shared/schema";
import type { Db } from "../../db";
import * as q from "./auth.queries";

/**
 * Google users are found by their Google id, never by e-mail alone. An existing local account with the same e-mail
 * is linked only when Google says the address is verified; otherwise sign-in fails rather than take it over.
 */
export async function findOrLinkGoogleUser(db: Db, profile: Profile): Promise<User | undefined> {
  const byGoogleId = await q.findUserByGoogleId(db, profile.id);
  if (byGoogleId) return byGoogleId.status === "active" ? byGoogleId : undefined;

  const primary = profile.emails?.[0];
  const email = primary?.value?.toLowerCase();
  const verified = (profile._json as { email_verified?: boolean } | undefined)?.email_verified === true;
  if (!email || !verified) return undefined;

  const existing = await q.findUserByEmail(db, email);
  if (existing) {
    if (existing.status !== "active") return undefined;
    return q.updateUser(db, existing.id, { googleId: profile.id, emailVerified: true });
  }
  return q.insertUser(db, {
    email,
    googleId: profile.id,
    authProvider: "google",
    emailVerified: true,
    firstName: profile.name?.givenName?.slice(0, 100) ?? null,
    lastName: profile.name?.familyName?.slice(0, 100) ?? null,
    profileImageUrl: profile.photos?.[0]?.value ?? null,
  });
}
