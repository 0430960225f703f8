import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { queryClient } from "@/lib/query-client";
import { server } from "@/testing/mocks/server";

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // the app's one client (lib/query-client.ts), as in the browser: no test sees another's cache
  queryClient.clear();
});
afterAll(() => server.close());
