import { changePasswordSchema } from "@shared/validators/account";
import type { User } from "@shared/schema";
import type { Limiters } from "../../auth/rate-limits";
import { sessionCookieName } from "../../auth/session";
import { renewSession, signOut } from "../../auth/sign-in";
import { requireRecentAuth } from "../../auth/step-up";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import type { RouteTable } from "../../lib/route-registry";
import { confirmPassword } from "./confirm-password";
import { changePassword } from "./password.service";
import { listSessions, revokeOtherSessions, revokeSession } from "./sessions.service";

/** Settings: password change and the user's own sessions (contract "Account security"). */
export function registerAccountRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const db = deps.database.db;
  const { clock } = deps;
  const auditCtx = { db, clock };
  const stepUp = requireRecentAuth(clock);

  r.add(
    { method: "post", path: "/api/user/password", access: "user", rateLimit: "loginThrottle" },
    stepUp,
    async (req, res) => {
      const user = req.user as User;
      const input = changePasswordSchema.parse(req.body);
      await confirmPassword(deps, limiters, req, {
        user,
        password: input.currentPassword,
        field: "currentPassword",
        step: "password-change",
      });
      const updated = await changePassword(db, deps, {
        userId: user.id,
        currentSid: req.sessionID,
        newPassword: input.newPassword,
      });
      await renewSession(req, updated); // this session goes on, on a fresh id, with the new session version
      await audit(auditCtx, req, "password_changed", { actorId: user.id, target: `user:${user.id}` });
      res.json({ message: "Your password has been changed. Every other session was signed out." });
    },
  );

  r.add({ method: "get", path: "/api/user/sessions", access: "user" }, async (req, res) => {
    const user = req.user as User;
    res.json(
      await listSessions(db, clock, {
        userId: user.id,
        sessionVersion: user.sessionVersion,
        currentSid: req.sessionID,
      }),
    );
  });

  r.add({ method: "delete", path: "/api/user/sessions/:id", access: "user", resource: "session" }, async (req, res) => {
    const user = req.user as User;
    const which = await revokeSession(db, clock, {
      userId: user.id,
      sessionVersion: user.sessionVersion,
      currentSid: req.sessionID,
      id: String(req.params.id).slice(0, 64),
    });
    await audit(auditCtx, req, "sessions_revoked", { actorId: user.id, details: { which } });
    if (which === "current") await signOut(req, res, sessionCookieName(deps.config));
    res.status(204).end();
  });

  r.add(
    // "Sign out everywhere else": every session of the user but this one.
    { method: "delete", path: "/api/user/sessions", access: "user" },
    async (req, res) => {
      const user = req.user as User;
      const ended = await revokeOtherSessions(db, { userId: user.id, currentSid: req.sessionID });
      await audit(auditCtx, req, "sessions_revoked", { actorId: user.id, details: { which: "others", ended } });
      res.json({ ended });
    },
  );
}
