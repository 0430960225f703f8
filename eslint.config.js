import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "data/", "migrations/", "e2e-output/", "bench-output/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    // the one place allowed to open a transaction directly
    files: ["server/db/index.ts"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
  },
);
