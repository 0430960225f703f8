import { adminDeleteUserSchema, adminUsersQuerySchema, userStatusSchema } from "@shared/validators/admin";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import { currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { presentAdminUser, presentAdminUserDetail } from "./admin.presenter";
import * as svc from "./admin-users.service";

const USERS = "/api/admin/users";
// Admin routes name any user: `:userId`, not an owned `:id` (the 404 ownership matrix is for owner-scoped rows).
const ONE = `${USERS}/:userId`;

/** User Management (contract "Admin"): list and search, details, suspend and reactivate, delete. */
export function registerAdminUserRoutes(r: RouteTable, deps: AppDeps) {
  const d: svc.AdminUsersDeps = {
    db: deps.database.db,
    clock: deps.clock,
    storage: deps.storage,
    logger: deps.logger,
    keyring: deps.keyring,
    outbox: deps.outbox,
  };
  const ctx = { db: d.db, clock: d.clock };
  const target = (id: number) => `user:${id}`;

  r.add({ method: "get", path: USERS, access: "admin" }, async (req, res) => {
    const query = adminUsersQuerySchema.parse(req.query);
    const { rows, total } = await svc.listUsers(d, { query });
    res.setHeader("X-Total-Count", String(total));
    res.json(rows.map(presentAdminUser));
  });

  r.add({ method: "get", path: ONE, access: "admin" }, async (req, res) => {
    const { user, counts } = await svc.getUserDetail(d, { targetId: routeId(req, "userId") });
    await audit(ctx, req, "admin_user_viewed", { target: target(user.id) });
    res.json(presentAdminUserDetail(user, counts));
  });

  r.add({ method: "patch", path: `${ONE}/status`, access: "admin" }, async (req, res) => {
    const { status } = userStatusSchema.parse(req.body ?? {});
    const targetId = routeId(req, "userId");
    const result = await svc.setUserStatus(d, { actorId: currentUserId(req), targetId, status });
    if (result.changed) {
      const action = status === "suspended" ? "admin_user_suspended" : "admin_user_reactivated";
      await audit(ctx, req, action, { target: target(targetId), details: { sessionsEnded: result.sessionsEnded } });
    }
    res.json(presentAdminUser(result.user));
  });

  r.add({ method: "delete", path: ONE, access: "admin", body: "json" }, async (req, res) => {
    const input = adminDeleteUserSchema.parse(req.body ?? {});
    const targetId = routeId(req, "userId");
    await svc.deleteUser(d, { actorId: currentUserId(req), targetId, input, requestId: String(req.id ?? "") });
    // the target names the id only: the account and its address are gone
    await audit(ctx, req, "admin_user_deleted", { details: { userId: targetId } });
    res.json({ message: "The account and everything in it have been erased." });
  });
}
