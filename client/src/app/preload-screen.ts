import { paths } from "@/config/paths";

/**
 * The chunks a signed-in screen needs, by address. A cold load of /dashboard otherwise fetches them one after the
 * other (the session check, then the client area, then the page): started together they save two round trips.
 * "/" is left out on purpose: most visitors there are signed out, and its first load has a JavaScript budget.
 */
const SCREEN_CHUNKS: Record<string, () => Promise<unknown>[]> = {
  [paths.dashboard]: () => [import("./routes/app/client-area"), import("./routes/app/dashboard-page")],
  [paths.assets]: () => [import("./routes/app/client-area"), import("./routes/app/assets-page")],
  [paths.beneficiaries]: () => [import("./routes/app/client-area"), import("./routes/app/beneficiaries-page")],
};

/** Starts fetching the chunks of the screen at `pathname`, if it is one we know; failures are left to React.lazy. */
export function preloadScreen(pathname: string): void {
  const load = SCREEN_CHUNKS[pathname];
  if (load) for (const chunk of load()) chunk.catch(() => undefined);
}
