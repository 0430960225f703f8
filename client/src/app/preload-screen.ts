import { AuthPage, ClientArea, ClientPages, LandingPage } from "@/app/lazy-pages";
import { paths } from "@/config/paths";
import { getDashboardStatsQueryOptions } from "@/features/dashboard/api/get-dashboard-stats";
import { getRecentAssetsQueryOptions } from "@/features/dashboard/api/get-recent-assets";
import type { LazyPage } from "@/lib/lazy-page";
import { queryClient } from "@/lib/query-client";

/** The validation library the forms share, started by itself (see Screen.first). */
export const loadValidation = () => import("@shared/validators/common");

type Screen = {
  /**
   * Code to start on its own, a task ahead of the screen's chunks: a large library evaluated apart from them makes
   * two shorter tasks instead of one long one, so the page answers input sooner.
   */
  first?: () => Promise<unknown>;
  chunks: LazyPage[];
  /** The reads the screen shows first; the page for a signed-in client preloads them (client/src/prerender.tsx). */
  data?: () => Promise<void>[];
};

const DASHBOARD: Screen = {
  chunks: [ClientArea, ClientPages.Dashboard],
  data: () => [
    queryClient.prefetchQuery(getDashboardStatsQueryOptions()),
    queryClient.prefetchQuery(getRecentAssetsQueryOptions()),
  ],
};

/**
 * The screens whose first load matters most, by address. A cold load of /dashboard otherwise fetches its parts one
 * after the other (the session check, the client area, the page, then its data): started together they save round
 * trips, and once they are in, the screen renders in one go, with its data.
 */
const SCREENS: Record<string, Screen> = {
  [paths.dashboard]: DASHBOARD,
  [paths.assets]: { chunks: [ClientArea, ClientPages.Assets] },
  [paths.beneficiaries]: { chunks: [ClientArea, ClientPages.Beneficiaries] },
};

/** Where the screen depends on who asks: "/" is the landing page for visitors and the dashboard for clients. */
const AUDIENCE_SCREENS: Record<string, Record<string, Screen>> = {
  visitor: {
    [paths.home]: { chunks: [LandingPage] },
    // the sign-in forms validate with zod (through shared/validators)
    [paths.auth]: { first: loadValidation, chunks: [AuthPage] },
  },
  client: { [paths.home]: DASHBOARD },
};

/**
 * Loads the chunks of the screen at `pathname` for `audience` ("visitor", a user type, or unknown before the session
 * read), if it is one we know, and its first reads once the audience is known; resolves when they are in, or have
 * failed (React.lazy and the queries then try again and report, as they would have without this head start).
 */
export async function preloadScreen(pathname: string, audience?: string): Promise<void> {
  const forAudience = audience === undefined ? undefined : AUDIENCE_SCREENS[audience]?.[pathname];
  const screen = forAudience ?? SCREENS[pathname];
  if (!screen) return;
  // the reads are a client's own: another user type on the same address sees another screen
  const data = audience === "client" ? (screen.data?.() ?? []) : [];
  if (screen.first) {
    await screen.first().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await Promise.all([...screen.chunks.map((page) => page.preload()), ...data]);
}
