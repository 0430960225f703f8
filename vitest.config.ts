import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "client/src"),
      "@shared": path.resolve(import.meta.dirname, "shared"),
    },
  },
  test: {
    exclude: ["**/node_modules/**", "security/**", "e2e/**"],
    // the reliability tests start the server bundle, as npm start does: built here when missing or stale
    globalSetup: ["server/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["server/**/*.test.ts", "shared/**/*.test.ts", "client/src/**/*.test.ts"],
        },
      },
      {
        // component tests (*.test.tsx): a DOM, Testing Library, and the API answered by MSW at the HTTP boundary
        extends: true,
        test: {
          name: "client",
          environment: "jsdom",
          include: ["client/src/**/*.test.tsx"],
          setupFiles: ["client/src/testing/setup-tests.ts"],
        },
      },
    ],
  },
});
