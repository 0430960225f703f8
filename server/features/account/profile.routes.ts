import { deleteAccountSchema } from "@shared/validators/account";
import type { User } from "@shared/schema";
import type { Limiters } from "../../auth/rate-limits";
import { sessionCookieName } from "../../auth/session";
import { signOut } from "../../auth/sign-in";
import { requireRecentAuth } from "../../auth/step-up";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { confirmPassword } from "./confirm-password";
import { deleteAccount } from "./delete-account.service";

/** Settings: the profile (names, photo) and deleting the account. */
export function registerProfileRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const db = deps.database.db;

  r.add(
    { method: "delete", path: "/api/user", access: "user", body: "json", rateLimited: true },
    requireRecentAuth(deps.clock),
    async (req, res) => {
      const user = req.user as User;
      const { password } = deleteAccountSchema.parse(req.body ?? {});
      await confirmPassword(deps, limiters, req, { user, password, field: "password", step: "delete-account" });
      await deleteAccount(db, deps, { userId: user.id, requestId: String(req.id ?? "") });
      await signOut(req, res, sessionCookieName(deps.config));
      res.json({ message: "Your account and everything in it have been erased." });
    },
  );
}
