import { paths } from "@/config/paths";
import { AREA_SHELLS } from "@/app/areas";
import { ROUTES, type AppRoute, type Area, type Preload, type UserArea } from "@/app/routes";

/** The audience a screen is meant for: "visitor" without a session, else the user type of its area. */
function audienceOf(area: Area): string | undefined {
  if (area === "public" || area === "visitor") return "visitor";
  return area === "signed-in" ? undefined : area;
}

/**
 * The route table's entry to start at `pathname` for `audience`. Before the session read (no audience) only a user
 * area's own addresses count: "/" depends on who asks, the landing page for visitors and the dashboard for clients.
 */
function preloadedAt(pathname: string, audience: string | undefined): AppRoute | undefined {
  return ROUTES.find((route) => {
    const own = audienceOf(route.area);
    if (!route.preload || own === undefined) return false;
    if (audience === undefined) return own !== "visitor" && route.path === pathname;
    return own === audience && (route.path === pathname || (route.isHome === true && pathname === paths.home.path));
  });
}

/**
 * Loads the chunks of the screen at `pathname` for `audience` ("visitor", a user type, or unknown before the session
 * read), if the route table asks for it, and its first reads once the audience is known to be its own; resolves when
 * they are in, or have failed (React.lazy and the queries then try again and report, as they would have without this
 * head start). A cold load of /dashboard otherwise fetches its parts one after the other (the session check, the
 * client area, the page, then its data): started together they save round trips, and once they are in, the screen
 * renders in one go, with its data.
 */
export async function preloadScreen(pathname: string, audience?: string): Promise<void> {
  const route =
    (audience === undefined ? undefined : preloadedAt(pathname, audience)) ?? preloadedAt(pathname, undefined);
  if (!route?.preload) return;
  const { first, data } = route.preload === true ? ({} as Preload) : route.preload;
  const shell = AREA_SHELLS[route.area as UserArea]?.shell;
  const chunks = shell ? [shell, route.page] : [route.page];
  // the reads are the area's own users': another user type on the same address sees another screen
  const reads = audience !== undefined && audience === audienceOf(route.area) ? (data?.() ?? []) : [];
  if (first) {
    await first().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await Promise.all([...chunks.map((page) => page.preload()), ...reads]);
}
