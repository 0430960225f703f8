import js from "@eslint/js";
import tseslint from "typescript-eslint";
import security from "eslint-plugin-security";
import noUnsanitized from "eslint-plugin-no-unsanitized";
import drizzle from "eslint-plugin-drizzle";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "data/", "migrations/", "e2e-output/", "bench-output/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  security.configs.recommended,
  noUnsanitized.configs.recommended,
  {
    plugins: { drizzle },
    rules: {
      // an UPDATE or DELETE without WHERE would touch every user's rows
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      // keys and paths here are built from constants and validated ids, never raw user input
      "security/detect-object-injection": "off",
    },
  },
  {
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-empty-object-type": "off",
      "no-restricted-properties": [
        "error",
        { object: "db", property: "transaction", message: "Use runInTransaction(db, tx => …) from server/db." },
        { object: "Math", property: "random", message: "Use node:crypto for anything random." },
      ],
    },
  },
  {
    // Outside the features, file paths come from configuration (DATA_DIR) or from keys validated against a strict
    // pattern (server/lib/storage); inside the features, where request data flows, the rule stays on.
    files: [
      "server/*.ts",
      "server/db/**",
      "server/lib/**",
      "server/test/**",
      "server/reliability/**",
      "scripts/**",
      "e2e/**",
      "bench/**",
      "security/**",
      "**/*.test.ts",
    ],
    rules: { "security/detect-non-literal-fs-filename": "off", "security/detect-non-literal-regexp": "off" },
  },
  {
    // the one place allowed to open a transaction directly
    files: ["server/db/index.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // The browser bundle must not carry drizzle-orm: the SPA reads the schema's types, never its values.
    files: ["client/src/**/*.{ts,tsx}", "shared/validators/**", "shared/relationships.ts", "shared/plans.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@shared/schema", "@shared/schema/*", "../schema", "../schema/*", "drizzle-orm", "drizzle-orm/*"],
              allowTypeImports: true,
              message: "Values from the Drizzle schema would pull drizzle-orm into the browser bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
  },
);
