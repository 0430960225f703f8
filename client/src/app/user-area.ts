import type { PublicUser } from "@shared/api-types";
import { isChoosingRole } from "@/config/paths";
import type { UserArea } from "@/app/routes";

/**
 * The signed-in user's area (spec 000 §6): their user type's, or "onboarding" for a client who has not picked a role
 * yet and for a user type without an area of its own.
 */
export function areaOf(user: PublicUser): UserArea {
  if (isChoosingRole(user)) return "onboarding";
  const type: string = user.userType;
  return type === "client" || type === "agent" || type === "admin" ? type : "onboarding";
}
