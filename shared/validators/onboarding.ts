import { z } from "zod";

/**
 * The roles the role selection screen records by itself. Admin is not among them: the Request Admin card asks the
 * server (POST /api/auth/promote-admin), which grants it only to eligible users.
 */
export const SELF_CHOSEN_ROLES = ["client", "agent"] as const;
export type SelfChosenRole = (typeof SELF_CHOSEN_ROLES)[number];

export const ROLE_CHOICE_MESSAGE = "Choose client or agent; admin access is asked for with Request Admin";

/** POST /api/user/onboarding: the route and the cards send this same shape. */
export const chooseRoleSchema = z.object({
  role: z.enum(SELF_CHOSEN_ROLES, { error: ROLE_CHOICE_MESSAGE }),
});
export type ChooseRoleInput = z.infer<typeof chooseRoleSchema>;
