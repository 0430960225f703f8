import type { PublicUser } from "@shared/api-types";

/** A screen's route pattern (for the router) and the address to link to (bulletproof-react's config/paths.ts). */
export type PathHelper<Args extends unknown[] = []> = { path: string; getHref: (...args: Args) => string };

const at = (path: string): PathHelper => ({ path, getHref: () => path });

/** A screen opened from an e-mailed link: `/base/:token`. */
const withToken = (base: string): PathHelper<[token: string]> => ({
  path: `${base}/:token`,
  getHref: (token) => `${base}/${encodeURIComponent(token)}`,
});

/** Every address the SPA knows (spec 000 §2); the screens behind them are in app/routes.ts. */
export const paths = {
  home: at("/"),
  auth: at("/auth"),
  authSimple: at("/auth-simple"),
  forgotPassword: at("/forgot-password"),
  resetPassword: withToken("/reset-password"),
  verifyEmail: withToken("/verify-email"),
  verifyBeneficiary: withToken("/verify-beneficiary"),
  trustedPartyInvitation: withToken("/trusted-party"),
  confirmEmailChange: withToken("/confirm-email"),
  undoEmailChange: withToken("/undo-email-change"),
  invitation: withToken("/invitation"),
  checkIn: withToken("/check-in"),
  /** A family member reports a death (public), and confirms the report from the e-mailed link. */
  reportDeath: at("/report-death"),
  reportDeathConfirm: withToken("/report-death/confirm"),
  release: withToken("/release"),
  /** The release page once its token has left the address bar. */
  releaseOpened: at("/release"),
  terms: at("/terms"),
  privacy: at("/privacy"),
  /** Served by the API (a full browser navigation), not by the SPA. */
  googleSignIn: at("/auth/google"),

  dashboard: at("/dashboard"),
  assets: at("/assets"),
  onlineAccounts: at("/online-accounts"),
  beneficiaries: at("/beneficiaries"),
  digitalWill: at("/digital-will"),
  willSigning: at("/digital-will/sign"),
  timeTriggers: at("/time-triggers"),
  releases: at("/releases"),
  backupExport: at("/backup-export"),
  activity: at("/activity"),
  deathVerification: at("/death-verification"),
  /** A trusted party's own area: the people who named them (any signed-in account may be one). */
  trusted: at("/trusted"),
  pricing: at("/pricing"),
  pricingTiers: at("/pricing-tiers"),
  giftCards: at("/gift-cards"),
  agentOnboarding: at("/agent-onboarding"),
  agentDashboard: at("/agent-dashboard"),
  adminDashboard: at("/admin-dashboard"),
  adminDeathVerifications: at("/admin/death-verifications"),
  onboarding: at("/onboarding"),
  settings: at("/settings"),
} as const;

/** A client who has not picked a role yet: the role selection screen comes first, once (spec 001 §2, issue 15). */
export function isChoosingRole(user: Pick<PublicUser, "userType" | "onboardedAt">): boolean {
  return user.userType === "client" && user.onboardedAt === null;
}

/** The settings screen's two-factor section: agents and admins are sent there until their second factor is on. */
export const TWO_FACTOR_SECTION = "two-factor";
export const twoFactorSetupHref = () => `${paths.settings.getHref()}?section=${TWO_FACTOR_SECTION}`;

/** Where a signed-in user belongs after sign-in (spec 000 §2, variant 2). */
export function homePathFor(user: Pick<PublicUser, "userType" | "onboardedAt">): string {
  if (isChoosingRole(user)) return paths.onboarding.getHref();
  return user.userType === "agent" ? paths.agentDashboard.getHref() : paths.dashboard.getHref();
}
