import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app/app";
import { preloadScreen } from "@/app/preload-screen";
import { areaOf } from "@/app/user-area";
import { userQuery } from "@/lib/auth";
import { queryClient } from "@/lib/query-client";

/**
 * Starts the app in `container`. A page the build rendered ahead of time is hydrated; every other page arrives
 * showing the loading screen, which stays up while the session read (preloaded by index.html) and the screen's
 * chunks come in. Either way the screen's chunks are in before React starts, so it renders in one pass.
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const { pathname } = window.location;
  if (container.dataset.prerendered === "visitor") {
    // Such a page goes only to visitors without a session (server/spa.ts), and its markup is what the app shows them
    // signed out: the session read is answered already, and React adopts the page as it stands.
    queryClient.setQueryData(userQuery.queryKey, null);
    await preloadScreen(pathname, "visitor");
    hydrateRoot(container, <App />);
    return;
  }
  const screen = preloadScreen(pathname);
  // never throws: a failed read stays in the cache, and the app asks again on mount as it always has
  await queryClient.prefetchQuery(userQuery);
  const user = queryClient.getQueryData(userQuery.queryKey);
  await Promise.all([screen, preloadScreen(pathname, user ? areaOf(user) : undefined)]);
  // a transition: React yields to the browser while it builds a large screen instead of blocking input throughout
  startTransition(() => createRoot(container).render(<App />));
}
