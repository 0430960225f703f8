import { Suspense, useEffect, type ReactElement } from "react";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { RedirectToAuth } from "@/components/redirect-to-auth";
import { PageSpinner } from "@/components/ui/spinner";
import { paths, twoFactorSetupHref } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/lib/auth";
import { onSecondFactorRequired } from "@/lib/second-factor-gate";
import { AREA_SHELLS } from "@/app/areas";
import {
  homeOf,
  NOT_FOUND_PAGES,
  protectedPaths,
  routesIn,
  routesReachedBy,
  routesVisitedBy,
  type AppRoute,
  type UserArea,
} from "@/app/routes";
import { areaOf } from "@/app/user-area";

const toRoute = ({ path, page }: AppRoute) => <Route key={path} path={path} component={page} />;

/** A screen with a layout of its area's own opens in that area's shell; any other on its own. */
function inItsShell(route: AppRoute): ReactElement {
  const shell = route.area === "signed-in" ? undefined : AREA_SHELLS[route.area as UserArea]?.shell;
  return shell ? <Route key={route.path} path={route.path} component={shell} /> : toRoute(route);
}

const redirectTo = (key: string, to: string, path?: string) => (
  <Route key={key} path={path}>
    <Redirect to={to} replace />
  </Route>
);

/** A signed-out visitor: every protected address says so and moves to /auth; anything else is the landing page. */
function signedOutRoutes(): ReactElement[] {
  const landing = homeOf("visitor");
  return [
    ...protectedPaths().map((path) => <Route key={path} path={path} component={RedirectToAuth} />),
    ...(landing ? [<Route key="landing" component={landing.page} />] : []),
  ];
}

/**
 * A signed-in user: the "signed-in" screens, then their area. The client area takes every address left, its own
 * not-found screen included. A user still choosing a role is led to the role selection screen from "/" and from every
 * address they do not reach; agents and admins are sent from it to their own home (spec 001 §2).
 */
function signedInRoutes(area: UserArea): ReactElement[] {
  const owner = AREA_SHELLS[area];
  if (owner?.ownsTheRest) {
    return [
      ...routesIn("signed-in").map(toRoute),
      ...routesVisitedBy(area).map(inItsShell),
      <Route key="area" component={owner.shell} />,
    ];
  }
  const home = homeOf(area);
  if (area === "onboarding") {
    return [...routesReachedBy(area).map(inItsShell), redirectTo("choose-role", paths.onboarding.getHref())];
  }
  return [
    ...(home ? [inItsShell({ ...home, path: paths.home.path })] : []),
    ...routesReachedBy(area).map(inItsShell),
    ...(home ? [redirectTo("leave-onboarding", home.path, paths.onboarding.path)] : []),
    <Route key="not-found" component={NOT_FOUND_PAGES.standalone} />,
  ];
}

/** An agent or admin route answered that the role needs a second factor: to its set-up, saying why. */
function useSecondFactorRedirect(): void {
  const [, navigate] = useLocation();
  useEffect(
    () =>
      onSecondFactorRequired(() => {
        toast({
          title: "Set up two-factor sign-in",
          description: "Your role's screens open once sign-in asks for a code from your phone.",
        });
        navigate(twoFactorSetupHref());
      }),
    [navigate],
  );
}

/** Spec 000 §2 route table (app/routes.ts): public screens first, then what the visitor's role may see. */
export function AppRouter() {
  const { user, isLoading } = useAuth();
  useSecondFactorRedirect();

  let restricted: ReactElement[];
  if (isLoading) restricted = [<Route key="loading" component={LoadingScreen} />];
  else if (!user) restricted = signedOutRoutes();
  else restricted = signedInRoutes(areaOf(user));

  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {routesIn("public").map(toRoute)}
        {restricted}
      </Switch>
    </Suspense>
  );
}

function LoadingScreen() {
  return <PageSpinner label="Loading..." />;
}
