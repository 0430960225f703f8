import { chooseRoleSchema } from "@shared/validators/onboarding";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import { currentUserId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { presentUser } from "../auth/user.presenter";
import { chooseRole } from "./onboarding.service";

/** The role selection screen (spec 001 §2, /onboarding): clients only; agents and admins are sent away by the SPA. */
export function registerOnboardingRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;

  r.add({ method: "post", path: "/api/user/onboarding", access: "client" }, async (req, res) => {
    const { role } = chooseRoleSchema.parse(req.body ?? {});
    const user = await chooseRole({ db, clock: deps.clock }, { userId: currentUserId(req), role });
    await audit({ db, clock: deps.clock }, req, "role_chosen", { target: `user:${user.id}`, details: { role } });
    res.json(presentUser(user));
  });
}
