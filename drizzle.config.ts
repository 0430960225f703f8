import { defineConfig } from "drizzle-kit";

/** `npm run db:generate` writes SQL migrations from shared/schema into migrations/. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./shared/schema/index.ts",
  out: "./migrations",
});
