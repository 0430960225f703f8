/** Every screen is its own chunk, so the first load of "/" carries only the landing page. */
import { lazyPage as page } from "@/lib/lazy-page";

export const LandingPage = page(() => import("./routes/landing/landing-page"), "LandingPage");
export const AuthPage = page(() => import("./routes/auth/auth-page"), "AuthPage");
export const AuthSimplePage = page(() => import("./routes/auth/auth-simple-page"), "AuthSimplePage");
export const ForgotPasswordPage = page(() => import("./routes/auth/forgot-password-page"), "ForgotPasswordPage");
export const ResetPasswordPage = page(() => import("./routes/auth/reset-password-page"), "ResetPasswordPage");
export const VerifyEmailPage = page(() => import("./routes/auth/verify-email-page"), "VerifyEmailPage");

export const GiftCardsPage = page(() => import("./routes/public/gift-cards-page"), "GiftCardsPage");
export const InvitationPage = page(() => import("./routes/public/invitation-page"), "InvitationPage");
export const VerifyBeneficiaryPage = page(
  () => import("./routes/public/verify-beneficiary-page"),
  "VerifyBeneficiaryPage",
);
export const TermsPage = page(() => import("./routes/public/terms-page"), "TermsPage");
export const PrivacyPage = page(() => import("./routes/public/privacy-page"), "PrivacyPage");
export const PricingPage = page(() => import("./routes/pricing/pricing-page"), "PricingPage");

export const ClientArea = page(() => import("./routes/app/client-area"), "ClientArea");
export const AgentOnboardingPage = page(() => import("./routes/agent/agent-onboarding-page"), "AgentOnboardingPage");
export const AgentDashboardPage = page(() => import("./routes/agent/agent-dashboard-page"), "AgentDashboardPage");
export const AdminDashboardPage = page(() => import("./routes/admin/admin-dashboard-page"), "AdminDashboardPage");
export const OnboardingPage = page(() => import("./routes/onboarding/onboarding-page"), "OnboardingPage");
export const NotFoundPage = page(() => import("./routes/not-found-page"), "StandaloneNotFoundPage");

/** The client area's screens (routes/app/client-area.tsx), here so that app/preload-screen.ts can start them early. */
export const ClientPages = {
  Dashboard: page(() => import("./routes/app/dashboard-page"), "DashboardPage"),
  Assets: page(() => import("./routes/app/assets-page"), "AssetsPage"),
  OnlineAccounts: page(() => import("./routes/app/online-accounts-page"), "OnlineAccountsPage"),
  Beneficiaries: page(() => import("./routes/app/beneficiaries-page"), "BeneficiariesPage"),
  DigitalWill: page(() => import("./routes/app/digital-will-page"), "DigitalWillPage"),
  TimeTriggers: page(() => import("./routes/app/time-triggers-page"), "TimeTriggersPage"),
  BackupExport: page(() => import("./routes/app/backup-export-page"), "BackupExportPage"),
  DeathVerification: page(() => import("./routes/app/death-verification-page"), "DeathVerificationPage"),
  NotFound: page(() => import("./routes/not-found-page"), "NotFoundPage"),
};
