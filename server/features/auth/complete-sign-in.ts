import type { Request, Response } from "express";
import type { User } from "@shared/schema";
import { signIn } from "../../auth/sign-in";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import { recordOwnerActivity } from "../check-in/activity";
import { recognizeDevice } from "../devices/devices.service";

/**
 * The last step of every sign-in (password, second factor, Google): a fresh session id, the owner's activity, the
 * browser recognised (a new one gets the owner a notice), and the audit record.
 */
export async function completeSignIn(deps: AppDeps, req: Request, res: Response, user: User): Promise<void> {
  await signIn(req, user, deps.clock);
  await recordOwnerActivity(deps, user.id);
  await recognizeDevice({ ...deps, db: deps.database.db }, req, res, user);
  await audit({ db: deps.database.db, clock: deps.clock }, req, "login_succeeded", { actorId: user.id });
}
