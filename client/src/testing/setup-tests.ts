import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { clearToasts } from "@/hooks/use-toast";
import { queryClient } from "@/lib/query-client";
import { server } from "@/testing/mocks/server";

// findBy*/waitFor: a 2-core CI machine running the server suite beside these can take over the default second to
// render; a screen that never shows its text still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // the app's one client (lib/query-client.ts), as in the browser: no test sees another's cache
  queryClient.clear();
  // the notices live in a module of their own, as in the browser: no test sees the one an earlier test raised
  clearToasts();
});
afterAll(() => server.close());
