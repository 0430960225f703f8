import type { PublicUser } from "@shared/api-types";

/** Every route the SPA knows (spec 000 §2). Builders for the ones with parameters. */
export const paths = {
  home: "/",
  auth: "/auth",
  authSimple: "/auth-simple",
  forgotPassword: "/forgot-password",
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  verifyEmail: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  verifyBeneficiary: (token: string) => `/verify-beneficiary/${encodeURIComponent(token)}`,
  invitation: (token: string) => `/invitation/${encodeURIComponent(token)}`,
  terms: "/terms",
  privacy: "/privacy",
  googleSignIn: "/auth/google",

  dashboard: "/dashboard",
  assets: "/assets",
  onlineAccounts: "/online-accounts",
  beneficiaries: "/beneficiaries",
  digitalWill: "/digital-will",
  timeTriggers: "/time-triggers",
  backupExport: "/backup-export",
  deathVerification: "/death-verification",
  pricing: "/pricing",
  pricingTiers: "/pricing-tiers",
  giftCards: "/gift-cards",
  agentOnboarding: "/agent-onboarding",
  agentDashboard: "/agent-dashboard",
  adminDashboard: "/admin-dashboard",
  onboarding: "/onboarding",
} as const;

/** Where a signed-in user belongs after sign-in (spec 000 §2, variant 2). */
export function homePathFor(user: Pick<PublicUser, "userType">): string {
  return user.userType === "agent" ? paths.agentDashboard : paths.dashboard;
}
