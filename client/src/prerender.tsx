/**
 * Build-time entry (scripts/build-prerender.ts). Renders the public pages as a signed-out visitor sees them, so the
 * server can send them with their content and the browser paints them before any JavaScript has run (main.tsx then
 * hydrates them), and the loading screen every other page shows until the app renders.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { prerender } from "react-dom/static";
import { App } from "@/app/app";
import { PageSpinner } from "@/components/ui/spinner";
import { getDashboardStatsQueryOptions } from "@/features/dashboard/api/get-dashboard-stats";
import { recentAssetsUrl } from "@/features/dashboard/api/get-recent-assets";
import { userQuery } from "@/lib/auth";
import { queryClient } from "@/lib/query-client";

/** The markup of `pathname` for a visitor without a session, once every lazy chunk on the way has loaded. */
export async function renderVisitorPage(pathname: string): Promise<string> {
  queryClient.clear();
  queryClient.setQueryData(userQuery.queryKey, null);
  const { prelude } = await prerender(<App ssrPath={pathname} />);
  return new Response(prelude).text();
}

/** The app's own loading screen (router.tsx), for pages that render in the browser: it is replaced, not hydrated. */
export function renderLoadingScreen(): string {
  return renderToStaticMarkup(<PageSpinner label="Loading..." />);
}

/** The reads the dashboard shows first (app/preload-screen.ts): a client's page preloads them with the scripts. */
export function dashboardReads(): string[] {
  return [getDashboardStatsQueryOptions().queryKey.join("/"), recentAssetsUrl()];
}
