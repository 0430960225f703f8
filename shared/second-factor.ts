/**
 * What an account's second factors are, and what they mean for signing in and for the agent and admin role gate.
 * The server's user row and the SPA's user both carry these fields, so both sides decide with the same functions.
 */
export type SecondFactorFields = { userType: string; twoFactorEnabled: boolean; passkeyCount: number };

/** The ways a pending sign-in (after the password or Google) can be completed. */
export type SecondStepMethod = "totp" | "passkey";

/** Agents see their clients and admins everyone's metadata: their role's routes need a second factor (issue 15). */
export function isRoleNeedingSecondFactor(userType: string): boolean {
  return userType === "agent" || userType === "admin";
}

/** A second factor is on: an authenticator app (TOTP), or at least one passkey. What the role gate asks for. */
export function hasSecondFactor(user: Pick<SecondFactorFields, "twoFactorEnabled" | "passkeyCount">): boolean {
  return user.twoFactorEnabled || user.passkeyCount > 0;
}

/**
 * Whether a sign-in by password (or Google) must be followed by a second step. With the app (TOTP) on, always. A
 * passkey alone makes it so for agents and admins only: it is what lets them past their role's gate, so their
 * password alone must not. A client's passkey is a way to sign in without the password, not a lock on it.
 */
export function needsSecondStep(user: SecondFactorFields): boolean {
  return user.twoFactorEnabled || (isRoleNeedingSecondFactor(user.userType) && user.passkeyCount > 0);
}

/** What a pending sign-in may be completed with: the app's code (or a recovery code), and any of the passkeys. */
export function secondStepMethods(user: SecondFactorFields): SecondStepMethod[] {
  return [
    ...(user.twoFactorEnabled ? (["totp"] as const) : []),
    ...(user.passkeyCount > 0 ? (["passkey"] as const) : []),
  ];
}
