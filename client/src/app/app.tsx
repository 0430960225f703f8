import { StrictMode, useEffect } from "react";
import { Router } from "wouter";
import { AppProvider } from "@/app/provider";
import { AppRouter } from "@/app/router";

/**
 * The whole client. `ssrPath` is set only when the build renders a page ahead of time (client/src/prerender.tsx);
 * the browser renders the same tree without it, so hydration finds the markup it expects.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  useEffect(() => {
    // for end-to-end tests: a page rendered ahead of time is on screen before the app has taken it over
    document.documentElement.dataset.appReady = "";
  }, []);
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </Router>
    </StrictMode>
  );
}
