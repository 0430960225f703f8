import express from "express";
import { deleteAccountSchema, updateProfileSchema } from "@shared/validators/account";
import type { User } from "@shared/schema";
import type { Limiters } from "../../auth/rate-limits";
import { sessionCookieName } from "../../auth/session";
import { signOut } from "../../auth/sign-in";
import { requireRecentAuth } from "../../auth/step-up";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { audit } from "../../lib/audit";
import { presentUser } from "../auth/user.presenter";
import { confirmPassword } from "./confirm-password";
import { deleteAccount } from "./delete-account.service";
import { PHOTO_MAX_BYTES, readProfilePhoto, removeProfilePhoto, setProfilePhoto } from "./photo.service";
import { updateProfile } from "./profile.service";

/** Settings: the profile (names, photo) and deleting the account. */
export function registerProfileRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const db = deps.database.db;
  const auditCtx = { db, clock: deps.clock };
  // Only the photo route reads a raw body; any other content type reaches the handler empty and is refused there.
  const photoBody = express.raw({ type: ["image/jpeg", "image/png"], limit: PHOTO_MAX_BYTES });

  r.add({ method: "patch", path: "/api/user", access: "user" }, async (req, res) => {
    const user = req.user as User;
    const input = updateProfileSchema.parse(req.body ?? {});
    const updated = await updateProfile(db, deps.clock, { userId: user.id, input });
    await audit(auditCtx, req, "profile_updated", { actorId: user.id, target: `user:${user.id}` });
    res.json(presentUser(updated));
  });

  r.add({ method: "post", path: "/api/user/photo", access: "user", body: "raw" }, photoBody, async (req, res) => {
    const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const profileImageUrl = await setProfilePhoto(db, deps, { userId: (req.user as User).id, data });
    res.status(201).json({ profileImageUrl });
  });

  r.add({ method: "get", path: "/api/user/photo", access: "user" }, async (req, res) => {
    const photo = await readProfilePhoto(db, deps, (req.user as User).id);
    res.setHeader("Content-Type", photo.mimeType);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "sandbox");
    res.send(photo.data);
  });

  r.add({ method: "delete", path: "/api/user/photo", access: "user" }, async (req, res) => {
    await removeProfilePhoto(db, deps, (req.user as User).id);
    res.status(204).end();
  });

  r.add(
    { method: "delete", path: "/api/user", access: "user", body: "json", rateLimit: "loginThrottle" },
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
