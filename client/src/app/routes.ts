/**
 * The route table: every screen of the SPA, one line each. The router (app/router.tsx), the protected addresses, each
 * area's switch (app/area-switch.tsx), the navigation links and the first-load preloader (app/preload-screen.ts) are
 * all read from it. Every screen is its own chunk, so the first load of "/" carries only the landing page.
 *
 * NOTE: nothing a page imports may import this module: the pages are loaded from here, and a page that read the table
 * back would close an import cycle (eslint import-x/no-cycle). Layouts get their links as props from the area shells.
 */
import type { NavLink } from "@/components/layouts/nav-link";
import { paths } from "@/config/paths";
import { getDashboardStatsQueryOptions } from "@/features/dashboard/api/get-dashboard-stats";
import { getRecentAssetsQueryOptions } from "@/features/dashboard/api/get-recent-assets";
import { lazyPage as page, type LazyPage } from "@/lib/lazy-page";
import { loadValidation } from "@/lib/load-validation";
import { queryClient } from "@/lib/query-client";

/**
 * The areas a signed-in user belongs to, by user type; "onboarding" is a client who has not picked a role yet (issue
 * 15), or a user whose type has no area yet.
 */
export type UserArea = "client" | "agent" | "admin" | "onboarding";

/**
 * Who reaches a screen: "public" anyone at any time; "visitor" only without a session; "signed-in" every signed-in
 * user; a user area only the users of that type (spec 000 §6).
 */
export type Area = "public" | "visitor" | "signed-in" | UserArea;

export type Preload = {
  /** Code to start on its own, a task ahead of the screen's chunks (see lib/load-validation.ts). */
  first?: () => Promise<unknown>;
  /** The reads the screen shows first; started with its chunks once the visitor is known to be of its area. */
  data?: () => Promise<void>[];
};

export type AppRoute = {
  /** The pattern (wouter), from config/paths.ts. */
  path: string;
  page: LazyPage;
  area: Area;
  /** The area's landing screen, shown at "/" as well. */
  isHome?: boolean;
  /** Its label in the navigation of its own area, or of the areas in `navIn`. */
  nav?: string;
  navIn?: readonly UserArea[];
  /** Other user areas that reach this screen at its own address (shown in its own area's layout). */
  alsoIn?: readonly UserArea[];
  /** Its chunks (and `first`, `data`) start with the entry script on a cold load of its address (spec: first load). */
  preload?: Preload | true;
};

/** Pages reached at more than one address: one lazy component each, so moving between them keeps the screen. */
const PricingPage = page(() => import("./routes/pricing/pricing-page"), "PricingPage");
const ReleasePage = page(() => import("./routes/public/release-page"), "ReleasePage");
const AdminDashboardPage = page(() => import("./routes/admin/admin-dashboard-page"), "AdminDashboardPage");

const DASHBOARD_READS: Preload = {
  data: () => [
    queryClient.prefetchQuery(getDashboardStatsQueryOptions()),
    queryClient.prefetchQuery(getRecentAssetsQueryOptions()),
  ],
};

/**
 * The client's screens come first, in the order of the top navigation (spec 000 §2); the public screens that
 * navigation and the agent's and admin's headers link to stand among them, in their place.
 */
export const ROUTES: readonly AppRoute[] = [
  {
    path: paths.dashboard.path,
    page: page(() => import("./routes/app/dashboard-page"), "DashboardPage"),
    area: "client",
    isHome: true,
    nav: "Dashboard",
    alsoIn: ["onboarding"],
    preload: DASHBOARD_READS,
  },
  {
    path: paths.assets.path,
    page: page(() => import("./routes/app/assets-page"), "AssetsPage"),
    area: "client",
    nav: "Assets",
    preload: true,
  },
  {
    path: paths.onlineAccounts.path,
    page: page(() => import("./routes/app/online-accounts-page"), "OnlineAccountsPage"),
    area: "client",
    nav: "Online Accounts",
  },
  {
    path: paths.beneficiaries.path,
    page: page(() => import("./routes/app/beneficiaries-page"), "BeneficiariesPage"),
    area: "client",
    nav: "Beneficiaries",
    preload: true,
  },
  {
    path: paths.digitalWill.path,
    page: page(() => import("./routes/app/digital-will-page"), "DigitalWillPage"),
    area: "client",
    nav: "Digital Will",
  },
  {
    path: paths.willSigning.path,
    page: page(() => import("./routes/app/will-signing-page"), "WillSigningPage"),
    area: "client",
  },
  {
    path: paths.timeTriggers.path,
    page: page(() => import("./routes/app/time-triggers-page"), "TimeTriggersPage"),
    area: "client",
    nav: "Time Triggers",
  },
  {
    path: paths.releases.path,
    page: page(() => import("./routes/app/releases-page"), "ReleasesPage"),
    area: "client",
    nav: "Releases",
  },
  {
    path: paths.deathVerification.path,
    page: page(() => import("./routes/app/death-verification-page"), "DeathVerificationPage"),
    area: "client",
    nav: "Death Verification",
  },
  {
    path: paths.trusted.path,
    page: page(() => import("./routes/app/trusted-page"), "TrustedPage"),
    area: "signed-in",
  },
  {
    path: paths.pricing.path,
    page: PricingPage,
    area: "signed-in",
    nav: "Pricing",
    navIn: ["agent", "admin"],
  },
  {
    path: paths.giftCards.path,
    page: page(() => import("./routes/public/gift-cards-page"), "GiftCardsPage"),
    area: "public",
    nav: "Gift Cards",
    navIn: ["client", "agent", "admin"],
  },
  {
    path: paths.agentOnboarding.path,
    page: page(() => import("./routes/agent/agent-onboarding-page"), "AgentOnboardingPage"),
    area: "public",
    nav: "Become Agent",
    navIn: ["client"],
  },
  {
    path: paths.backupExport.path,
    page: page(() => import("./routes/app/backup-export-page"), "BackupExportPage"),
    area: "client",
    nav: "Backup & Export",
  },
  {
    path: paths.activity.path,
    page: page(() => import("./routes/app/activity-page"), "ActivityPage"),
    area: "client",
    nav: "Activity",
  },

  {
    path: paths.home.path,
    page: page(() => import("./routes/landing/landing-page"), "LandingPage"),
    area: "visitor",
    isHome: true,
    preload: true,
  },
  {
    path: paths.auth.path,
    page: page(() => import("./routes/auth/auth-page"), "AuthPage"),
    area: "public",
    // the sign-in forms validate with zod (through shared/validators)
    preload: { first: loadValidation },
  },
  {
    path: paths.authSimple.path,
    page: page(() => import("./routes/auth/auth-simple-page"), "AuthSimplePage"),
    area: "public",
  },
  {
    path: paths.pricingTiers.path,
    page: PricingPage,
    area: "public",
  },
  {
    path: paths.invitation.path,
    page: page(() => import("./routes/public/invitation-page"), "InvitationPage"),
    area: "public",
  },
  {
    path: paths.verifyEmail.path,
    page: page(() => import("./routes/auth/verify-email-page"), "VerifyEmailPage"),
    area: "public",
  },
  {
    path: paths.forgotPassword.path,
    page: page(() => import("./routes/auth/forgot-password-page"), "ForgotPasswordPage"),
    area: "public",
  },
  {
    path: paths.resetPassword.path,
    page: page(() => import("./routes/auth/reset-password-page"), "ResetPasswordPage"),
    area: "public",
  },
  {
    path: paths.confirmEmailChange.path,
    page: page(() => import("./routes/auth/email-change-page"), "ConfirmEmailChangePage"),
    area: "public",
  },
  {
    path: paths.undoEmailChange.path,
    page: page(() => import("./routes/auth/email-change-page"), "UndoEmailChangePage"),
    area: "public",
  },
  {
    path: paths.verifyBeneficiary.path,
    page: page(() => import("./routes/public/verify-beneficiary-page"), "VerifyBeneficiaryPage"),
    area: "public",
  },
  {
    path: paths.trustedPartyInvitation.path,
    page: page(() => import("./routes/public/trusted-party-invitation-page"), "TrustedPartyInvitationPage"),
    area: "public",
  },
  {
    path: paths.checkIn.path,
    page: page(() => import("./routes/public/check-in-page"), "CheckInPage"),
    area: "public",
  },
  {
    path: paths.reportDeath.path,
    page: page(() => import("./routes/public/report-death-page"), "ReportDeathPage"),
    area: "public",
  },
  {
    path: paths.reportDeathConfirm.path,
    page: page(() => import("./routes/public/report-death-page"), "ConfirmReportPage"),
    area: "public",
  },
  { path: paths.release.path, page: ReleasePage, area: "public" },
  { path: paths.releaseOpened.path, page: ReleasePage, area: "public" },
  { path: paths.terms.path, page: page(() => import("./routes/public/terms-page"), "TermsPage"), area: "public" },
  { path: paths.privacy.path, page: page(() => import("./routes/public/privacy-page"), "PrivacyPage"), area: "public" },

  {
    path: paths.agentDashboard.path,
    page: page(() => import("./routes/agent/agent-dashboard-page"), "AgentDashboardPage"),
    area: "agent",
    isHome: true,
    alsoIn: ["onboarding"],
  },
  {
    path: paths.adminDashboard.path,
    page: AdminDashboardPage,
    area: "admin",
    isHome: true,
  },
  {
    path: paths.adminDeathVerifications.path,
    page: page(() => import("./routes/admin/death-verifications-page"), "DeathVerificationsReviewPage"),
    // not in the header (spec 001 §2 fixes the admin's links): reached from the review notification's link
    area: "admin",
  },
  {
    // spec 001 §2: the admin's "Client View" link
    path: paths.dashboard.path,
    page: AdminDashboardPage,
    area: "admin",
    nav: "Client View",
  },
  {
    // reached from the user menu in every area
    path: paths.settings.path,
    page: page(() => import("./routes/settings/settings-page"), "SettingsPage"),
    area: "signed-in",
  },
  {
    // spec 001 §2: clients reach the role selection screen too (from settings, to pick another role)
    path: paths.onboarding.path,
    page: page(() => import("./routes/onboarding/onboarding-page"), "OnboardingPage"),
    area: "onboarding",
    isHome: true,
    alsoIn: ["client"],
    preload: true,
  },
];

/** The not-found screens: inside an area's layout, and on a page of its own. */
export const NOT_FOUND_PAGES = {
  inLayout: page(() => import("./routes/not-found-page"), "NotFoundPage"),
  standalone: page(() => import("./routes/not-found-page"), "StandaloneNotFoundPage"),
};

export function routesIn(area: Area): AppRoute[] {
  return ROUTES.filter((route) => route.area === area);
}

/** The screens a user area reaches besides the public ones: its own, those of others it may open, and "signed-in". */
export function routesReachedBy(area: UserArea): AppRoute[] {
  return ROUTES.filter(
    (route) => route.area === area || route.area === "signed-in" || route.alsoIn?.includes(area) === true,
  );
}

/** The screens of other areas a user area opens at their own addresses (for an area whose shell takes the rest). */
export function routesVisitedBy(area: UserArea): AppRoute[] {
  return ROUTES.filter((route) => route.area !== area && route.alsoIn?.includes(area) === true);
}

export function homeOf(area: Area): AppRoute | undefined {
  return ROUTES.find((route) => route.area === area && route.isHome);
}

/** Every address that needs a session: a signed-out visitor there is sent to /auth. */
export function protectedPaths(): string[] {
  const isProtected = (route: AppRoute) => route.area !== "public" && route.area !== "visitor";
  return [...new Set(ROUTES.filter(isProtected).map((route) => route.path))];
}

/** The links of an area's navigation, in the table's order (a linked entry's path has no parameters). */
export function navFor(area: UserArea): NavLink[] {
  return ROUTES.flatMap(({ nav, navIn, area: own, path, isHome = false }) =>
    nav !== undefined && (navIn ?? [own]).includes(area) ? [{ href: path, label: nav, isHome }] : [],
  );
}
