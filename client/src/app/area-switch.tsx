import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { homeOf, NOT_FOUND_PAGES, routesIn, type UserArea } from "@/app/routes";

/** An area's screens inside its layout: its home at "/", its own addresses, and its not-found screen. */
export function AreaSwitch({ area }: { area: UserArea }) {
  const home = homeOf(area);
  return (
    // a full screen while a page's chunk loads keeps the footer below the fold: it never jumps down on arrival
    <Suspense fallback={<PageSpinner className="min-h-screen" />}>
      <Switch>
        {home ? <Route path={paths.home.path} component={home.page} /> : null}
        {routesIn(area).map((route) => (
          <Route key={route.path} path={route.path} component={route.page} />
        ))}
        <Route component={NOT_FOUND_PAGES.inLayout} />
      </Switch>
    </Suspense>
  );
}
