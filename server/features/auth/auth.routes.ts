import type { NextFunction, Request, Response } from "express";
import type { Passport } from "passport";
import {
  forgotPasswordSchema,
  loginSchema,
  promoteAdminSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "@shared/validators/auth";
import type { User } from "@shared/schema";
import { needsSecondStep, secondStepMethods } from "@shared/second-factor";
import type { TwoFactorRequiredResponse } from "@shared/validators/two-factor";
import { ipKey } from "../../auth/ip-key";
import { rememberAddress } from "../../auth/login-throttle";
import type { Limiters } from "../../auth/rate-limits";
import { sessionCookieName } from "../../auth/session";
import { beginPendingSignIn } from "../../auth/pending-sign-in";
import { renewSession, signIn, signOut } from "../../auth/sign-in";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import type { RouteTable } from "../../lib/route-registry";
import { promoteToAdmin } from "./admin-setup.service";
import { registerReauthRoutes } from "./reauth.routes";
import * as auth from "./auth.service";
import { recordOwnerActivity } from "../check-in/activity";
import { signInWithPassword } from "./login.service";
import { completeSignIn } from "./complete-sign-in";
import { registerSecondFactorRoutes, SECOND_STEP_PATH } from "./second-factor.routes";
import { registerPasskeySignInRoutes } from "./passkey-sign-in.routes";
import { registerPasskeyReauthRoutes } from "./passkey-reauth.routes";
import { recognizeDevice } from "../devices/devices.service";
import { presentUser } from "./user.presenter";
import { currentUser, currentUserId } from "../../lib/request-context";

export function registerAuthRoutes(
  r: RouteTable,
  deps: AppDeps,
  limiters: Limiters,
  passport: InstanceType<typeof Passport>,
) {
  const { config, clock, mailer } = deps;
  const db = deps.database.db;
  const authDeps = { db, mailer, outbox: deps, publicUrl: config.publicUrl, clock, logger: deps.logger };
  const auditCtx = { db, clock };

  r.add({ method: "post", path: "/api/register", access: "public", rateLimit: "register" }, async (req, res) => {
    const input = registerSchema.parse(req.body);
    const user = await auth.registerUser(authDeps, { input });
    await signIn(req, user, clock);
    await recordOwnerActivity(deps, user.id);
    await recognizeDevice({ ...deps, db }, req, res, user); // the account's first device: no notice
    await rememberAddress(limiters, user.email, ipKey(req));
    res.status(201).json(presentUser(user));
  });

  r.add({ method: "post", path: "/api/login", access: "public", rateLimit: "loginThrottle" }, async (req, res) => {
    const { email, password } = loginSchema.parse(req.body);
    const { user, needsSecondFactor } = await signInWithPassword(
      { db, limiters },
      { email, password, address: ipKey(req), audit: (action, opts) => audit(auditCtx, req, action, opts) },
    );
    if (needsSecondFactor) {
      await beginPendingSignIn(req, user, "password", clock);
      return res.json({
        twoFactorRequired: true,
        methods: secondStepMethods(user),
      } satisfies TwoFactorRequiredResponse);
    }
    await completeSignIn(deps, req, res, user);
    res.json(presentUser(user));
  });

  r.add({ method: "post", path: "/api/logout", access: "public", body: "none" }, async (req, res) => {
    await signOut(req, res, sessionCookieName(config));
    res.json({ message: "Signed out" });
  });

  for (const path of ["/api/user", "/api/auth/user"]) {
    r.add({ method: "get", path, access: "user" }, (req, res) => {
      res.json(presentUser(currentUser(req)));
    });
  }

  r.add(
    { method: "post", path: "/api/auth/forgot-password", access: "public", rateLimit: "passwordReset" },
    async (req, res) => {
      const { email } = forgotPasswordSchema.parse(req.body);
      await auth.requestPasswordReset(authDeps, { email });
      await audit(auditCtx, req, "password_reset_requested", { target: email });
      // Known or not, the worker is woken the same way, after the answer has left (AUTH-06).
      res.once("finish", () => deps.outbox?.kick());
      res.json({ message: "If an account exists for that e-mail, a reset link is on its way." });
    },
  );

  r.add(
    { method: "post", path: "/api/auth/reset-password", access: "public", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { token, password } = resetPasswordSchema.parse(req.body);
      const userId = await auth.resetPassword(authDeps, { token, password });
      await audit(auditCtx, req, "password_reset", { actorId: userId, target: `user:${userId}` });
      res.json({ message: "Your password has been changed. Please sign in." });
    },
  );

  r.add(
    { method: "post", path: "/api/auth/verify-email", access: "public", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { token } = verifyEmailSchema.parse(req.body);
      await auth.verifyEmail(authDeps, { token });
      res.json({ message: "Your e-mail address is confirmed." });
    },
  );

  // Limited per user by the outbox itself (a few per hour, 429 beyond): see assertCanResendOwnVerification.
  r.add(
    { method: "post", path: "/api/auth/resend-verification", access: "user", body: "none", rateLimit: "ownMailCap" },
    async (req, res) => {
      const outcome = await auth.resendOwnVerification(authDeps, { userId: currentUserId(req) });
      res.json({
        message:
          outcome === "verified"
            ? "Your e-mail address is already confirmed."
            : "We have sent you a new confirmation link. Please check your inbox.",
      });
    },
  );

  r.add(
    { method: "post", path: "/api/auth/promote-admin", access: "user", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { setupToken } = promoteAdminSchema.parse(req.body ?? {});
      const user = await promoteToAdmin(db, clock, {
        user: currentUser(req),
        adminEmails: config.adminEmails,
        setupToken,
      });
      await renewSession(req, user); // a role change gets a fresh session id
      await audit(auditCtx, req, "admin_promoted", { actorId: user.id, target: `user:${user.id}` });
      res.json(presentUser(user));
    },
  );

  registerReauthRoutes(r, deps, limiters);
  registerSecondFactorRoutes(r, deps, limiters);
  registerPasskeySignInRoutes(r, deps, limiters);
  registerPasskeyReauthRoutes(r, deps, limiters);

  r.add(
    { method: "get", path: "/auth/google", access: "public" },
    (req: Request, res: Response, next: NextFunction) => {
      if (!config.google) return res.redirect("/auth?error=google_not_configured");
      passport.authenticate("google", { session: false })(req, res, next);
    },
  );

  r.add(
    { method: "get", path: "/auth/google/callback", access: "public" },
    (req: Request, res: Response, next: NextFunction) => {
      if (!config.google) return res.redirect("/auth?error=google_not_configured");
      passport.authenticate("google", { session: false }, (err: unknown, user: User | false) => {
        if (err || !user) return res.redirect("/auth?error=google_auth_failed");
        // Google is the first factor only: with two-factor sign-in on, the code is asked for as after a password.
        const done = needsSecondStep(user)
          ? beginPendingSignIn(req, user, "google", clock).then(() => res.redirect(SECOND_STEP_PATH))
          : completeSignIn(deps, req, res, user).then(() => res.redirect("/"));
        done.catch(next);
      })(req, res, next);
    },
  );
}
