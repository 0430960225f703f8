import type { Profile } from "passport-google-oauth20";
import type { Logger } from "pino";
import type { User } from "@shared/schema";
import { runInTransaction, type Db } from "../../db";
import { googleLinkedMail } from "../../lib/mail/security-notices";
import { notify } from "../../lib/notifications";
import { enqueueEmail, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { forgetDevices } from "../devices/devices.service";
import * as q from "./auth.queries";

export type GoogleCtx = OutboxWriteDeps & { logger?: Logger };

/**
 * Google users are found by their Google id, never by e-mail alone. An existing local account with the same e-mail
 * is linked only when Google says the address is verified; otherwise sign-in fails rather than take it over.
 */
export async function findOrLinkGoogleUser(db: Db, ctx: GoogleCtx, profile: Profile): Promise<User | undefined> {
  const byGoogleId = await q.findUserByGoogleId(db, profile.id);
  if (byGoogleId) return byGoogleId.status === "active" ? byGoogleId : undefined;

  const primary = profile.emails?.[0];
  const email = primary?.value?.toLowerCase();
  const verified = (profile._json as { email_verified?: boolean } | undefined)?.email_verified === true;
  if (!email || !verified) return undefined;

  const existing = await q.findUserByEmail(db, email);
  if (existing) {
    if (existing.status !== "active") return undefined;
    // The holder proved the address earlier: their password is theirs, and stays.
    if (existing.emailVerified) return q.updateUser(db, existing.id, { googleId: profile.id });
    return takeOverUnverifiedAccount(db, ctx, existing, profile.id);
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

/**
 * Account pre-hijacking (AUTH-12): whoever registered this address with a password never proved they own it, and
 * Google just proved that someone else does. Linking must leave the earlier holder nothing: no password, no session
 * (the version bump ends cookies on their next request, the deleted rows end them at once), no pending reset or
 * confirmation link. The address is told through the outbox, in the same transaction.
 */
async function takeOverUnverifiedAccount(db: Db, ctx: GoogleCtx, existing: User, googleId: string) {
  const linked = await runInTransaction(db, async (tx) => {
    const user = await q.updateUser(tx, existing.id, {
      googleId,
      authProvider: "google",
      emailVerified: true,
      passwordHash: null,
      passwordResetToken: null,
      passwordResetExpires: null,
      emailVerificationToken: null,
      emailVerificationExpires: null,
      sessionVersion: existing.sessionVersion + 1,
      updatedAt: ctx.clock.now(),
    });
    await q.deleteSessionsOfUser(tx, existing.id);
    await forgetDevices(tx, existing.id);
    if (user) {
      const mail = googleLinkedMail(user.email);
      const key = `google-linked:${user.id}:${googleId}`;
      await enqueueEmail(tx, ctx, mail, { kind: "google_linked", dedupeKey: key });
      await notify(tx, ctx, [
        {
          userId: user.id,
          kind: "google_linked",
          title: mail.subject,
          body: "Your account now signs in with Google: its password was removed and every session signed out.",
          dedupeKey: key,
        },
      ]);
    }
    return user;
  });
  return linked;
}
