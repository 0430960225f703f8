import type { PublicUser, RoleChoice, UserType } from "@shared/api-types";
import type { User } from "@shared/schema";

/** The user object of the contract: an explicit whitelist, so no hash or token can ever leave the server. */
export function presentUser(u: User): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    phone: u.phone,
    userType: u.userType as UserType,
    agentId: u.agentId,
    plan: u.plan,
    storageUsed: u.storageUsed,
    storageLimit: u.storageLimit,
    emailVerified: u.emailVerified,
    authProvider: u.authProvider === "google" ? "google" : "local",
    twoFactorEnabled: u.twoFactorEnabled,
    passkeyCount: u.passkeyCount,
    createdAt: u.createdAt.toISOString(),
    roleChoice: (u.roleChoice as RoleChoice | null) ?? null,
    onboardedAt: u.onboardedAt?.toISOString() ?? null,
  };
}
