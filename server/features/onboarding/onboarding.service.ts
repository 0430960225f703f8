import type { User } from "@shared/schema";
import type { SelfChosenRole } from "@shared/validators/onboarding";
import type { Db } from "../../db";
import { notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { recordRoleChoice } from "./onboarding.queries";

export type ChooseRoleOptions = { userId: number; role: SelfChosenRole };

/**
 * The role selection screen's Client and Agent cards. Only the choice is recorded: the user type stays client, since
 * an agent becomes one through the agent onboarding (its profile, verification and second factor), not by a click.
 */
export async function chooseRole(deps: { db: Db; clock: Clock }, options: ChooseRoleOptions): Promise<User> {
  const updated = await recordRoleChoice(deps.db, { ...options, at: deps.clock.now() });
  if (!updated) throw notFound();
  return updated;
}
