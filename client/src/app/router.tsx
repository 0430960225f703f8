import { Suspense, type ReactElement } from "react";
import { Route, Switch } from "wouter";
import type { PublicUser } from "@shared/api-types";
import { RedirectToAuth } from "@/components/redirect-to-auth";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import * as P from "@/app/lazy-pages";

/** Screens anyone may open, signed in or not (spec 000 §2, plus the e-mail link pages). */
function publicRoutes(): ReactElement[] {
  return [
    <Route key="auth" path={paths.auth} component={P.AuthPage} />,
    <Route key="auth-simple" path={paths.authSimple} component={P.AuthSimplePage} />,
    <Route key="agent-onboarding" path={paths.agentOnboarding} component={P.AgentOnboardingPage} />,
    <Route key="gift-cards" path={paths.giftCards} component={P.GiftCardsPage} />,
    <Route key="pricing-tiers" path={paths.pricingTiers} component={P.PricingPage} />,
    <Route key="invitation" path="/invitation/:token" component={P.InvitationPage} />,
    <Route key="verify-email" path="/verify-email/:token" component={P.VerifyEmailPage} />,
    <Route key="forgot-password" path={paths.forgotPassword} component={P.ForgotPasswordPage} />,
    <Route key="reset-password" path="/reset-password/:token" component={P.ResetPasswordPage} />,
    <Route key="verify-beneficiary" path="/verify-beneficiary/:token" component={P.VerifyBeneficiaryPage} />,
    <Route key="terms" path={paths.terms} component={P.TermsPage} />,
    <Route key="privacy" path={paths.privacy} component={P.PrivacyPage} />,
  ];
}

/** Every screen that needs a session; signed-out visitors are sent to /auth from these. */
const PROTECTED_PATHS = [
  paths.dashboard,
  paths.assets,
  paths.onlineAccounts,
  paths.beneficiaries,
  paths.digitalWill,
  paths.timeTriggers,
  paths.backupExport,
  paths.deathVerification,
  paths.pricing,
  paths.agentDashboard,
  paths.adminDashboard,
  paths.onboarding,
];

function signedOutRoutes(): ReactElement[] {
  return [
    ...PROTECTED_PATHS.map((path) => <Route key={path} path={path} component={RedirectToAuth} />),
    <Route key="landing" component={P.LandingPage} />,
  ];
}

function roleRoutes(user: PublicUser): ReactElement[] {
  const pricing = <Route key="pricing" path={paths.pricing} component={P.PricingPage} />;
  switch (user.userType) {
    case "client":
      // The client area owns "/", its screens and its own not-found page inside the top navigation.
      return [pricing, <Route key="client" component={P.ClientArea} />];
    case "agent":
      return [
        <Route key="home" path={paths.home} component={P.AgentDashboardPage} />,
        <Route key="agent" path={paths.agentDashboard} component={P.AgentDashboardPage} />,
        pricing,
        <Route key="not-found" component={P.NotFoundPage} />,
      ];
    case "admin":
      return [
        <Route key="home" path={paths.home} component={P.AdminDashboardPage} />,
        <Route key="admin" path={paths.adminDashboard} component={P.AdminDashboardPage} />,
        <Route key="dashboard" path={paths.dashboard} component={P.AdminDashboardPage} />,
        pricing,
        <Route key="not-found" component={P.NotFoundPage} />,
      ];
    default:
      return [
        <Route key="home" path={paths.home} component={P.OnboardingPage} />,
        <Route key="onboarding" path={paths.onboarding} component={P.OnboardingPage} />,
        <Route key="agent" path={paths.agentDashboard} component={P.AgentDashboardPage} />,
        <Route key="dashboard" path={paths.dashboard} component={P.ClientArea} />,
        pricing,
        <Route key="not-found" component={P.NotFoundPage} />,
      ];
  }
}

/** Spec 000 §2 route table: public screens first, then what the visitor's role may see. */
export function AppRouter() {
  const { user, isLoading } = useAuth();

  let restricted: ReactElement[];
  if (isLoading) restricted = [<Route key="loading" component={LoadingScreen} />];
  else if (!user) restricted = signedOutRoutes();
  else restricted = roleRoutes(user);

  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {publicRoutes()}
        {restricted}
      </Switch>
    </Suspense>
  );
}

function LoadingScreen() {
  return <PageSpinner label="Loading..." />;
}
