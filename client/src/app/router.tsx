import { Suspense, useEffect, type ReactElement } from "react";
import { Route, Switch, useLocation } from "wouter";
import type { PublicUser } from "@shared/api-types";
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
  type AppRoute,
  type UserArea,
} from "@/app/routes";

const toRoute = ({ path, page }: AppRoute) => <Route key={path} path={path} component={page} />;

/** The user's area (spec 000 §6); a user type without one is still choosing (onboarding). */
function areaOf(user: PublicUser): UserArea {
  const type: string = user.userType;
  return type === "client" || type === "agent" || type === "admin" ? type : "onboarding";
}

/** A signed-out visitor: every protected address says so and moves to /auth; anything else is the landing page. */
function signedOutRoutes(): ReactElement[] {
  const landing = homeOf("visitor");
  return [
    ...protectedPaths().map((path) => <Route key={path} path={path} component={RedirectToAuth} />),
    ...(landing ? [<Route key="landing" component={landing.page} />] : []),
  ];
}

/**
 * A signed-in user: the "signed-in" screens, then their area. A screen with a layout of its area's own opens in that
 * area's shell; the client area takes every address left, its own not-found screen included.
 */
function signedInRoutes(area: UserArea): ReactElement[] {
  const owner = AREA_SHELLS[area];
  if (owner?.ownsTheRest) return [...routesIn("signed-in").map(toRoute), <Route key="area" component={owner.shell} />];
  const home = homeOf(area);
  const reached = [...(home ? [{ ...home, path: paths.home.path }] : []), ...routesReachedBy(area)];
  return [
    ...reached.map((route) => {
      const shell = route.area === "signed-in" ? undefined : AREA_SHELLS[route.area as UserArea]?.shell;
      return shell ? <Route key={route.path} path={route.path} component={shell} /> : toRoute(route);
    }),
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
