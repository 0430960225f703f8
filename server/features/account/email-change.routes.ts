import { changeEmailSchema, emailChangeTokenSchema } from "@shared/validators/account";
import type { User } from "@shared/schema";
import type { Limiters } from "../../auth/rate-limits";
import { requireRecentAuth } from "../../auth/step-up";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import type { RouteTable } from "../../lib/route-registry";
import { confirmPassword } from "./confirm-password";
import { confirmEmailChange, getPendingEmailChange, requestEmailChange, undoEmailChange } from "./email-change.service";

/** The same answer whether or not the new address is free (no account enumeration). */
export const EMAIL_CHANGE_SENT = "Check the new address: we have sent it a link to confirm the change.";

/** Settings: changing the sign-in address, verified by a link to the new one, undoable from the old one. */
export function registerEmailChangeRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const db = deps.database.db;
  const auditCtx = { db, clock: deps.clock };
  const mailDeps = { ...deps, publicUrl: deps.config.publicUrl };

  r.add(
    { method: "post", path: "/api/user/email", access: "user", rateLimit: "loginThrottle" },
    requireRecentAuth(deps.clock),
    async (req, res) => {
      const user = req.user as User;
      const { password, newEmail } = changeEmailSchema.parse(req.body);
      await confirmPassword(deps, limiters, req, { user, password, field: "password", step: "email-change" });
      await requestEmailChange(db, mailDeps, { userId: user.id, newEmail });
      await audit(auditCtx, req, "email_change_requested", { actorId: user.id, target: `user:${user.id}` });
      res.json({ message: EMAIL_CHANGE_SENT });
    },
  );

  r.add({ method: "get", path: "/api/user/email", access: "user" }, async (req, res) => {
    res.json({ pending: await getPendingEmailChange(db, deps.clock, (req.user as User).id) });
  });

  r.add(
    { method: "post", path: "/api/user/email/confirm", access: "public", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { token } = emailChangeTokenSchema.parse(req.body);
      const userId = await confirmEmailChange(db, mailDeps, token);
      await audit(auditCtx, req, "email_changed", { actorId: userId, target: `user:${userId}` });
      res.json({ message: "Your new e-mail address is confirmed. Use it to sign in from now on." });
    },
  );

  r.add(
    { method: "post", path: "/api/user/email/undo", access: "public", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { token } = emailChangeTokenSchema.parse(req.body);
      const userId = await undoEmailChange(db, mailDeps, token);
      await audit(auditCtx, req, "email_change_undone", { actorId: userId, target: `user:${userId}` });
      res.json({
        message:
          "Your previous e-mail address is restored and every session was signed out. Please reset your password.",
      });
    },
  );
}
