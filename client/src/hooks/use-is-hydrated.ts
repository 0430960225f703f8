import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

/**
 * False while the page was rendered ahead of time (at build) and while React adopts that markup in the browser; true
 * from then on, and from the start for screens rendered in the browser.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
