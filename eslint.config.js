import js from "@eslint/js";
import tseslint from "typescript-eslint";
import security from "eslint-plugin-security";
import noUnsanitized from "eslint-plugin-no-unsanitized";
import drizzle from "eslint-plugin-drizzle";
import fs from "node:fs";
import checkFile from "eslint-plugin-check-file";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";

/** Each client feature may import itself and the shared layers, never another feature (bulletproof-react). */
const CLIENT_FEATURES = fs
  .readdirSync("client/src/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = CLIENT_FEATURES.map((feature) => ({
  target: `./client/src/features/${feature}`,
  from: "./client/src/features",
  except: [`./${feature}`],
  message:
    "Features do not import each other: move what both need to client/src/lib or components, or compose in app/.",
}));

/** Where imports may not go (import-x/no-restricted-paths), for the whole tree. */
const IMPORT_ZONES = [
  {
    target: "./shared",
    from: ["./server", "./client"],
    message: "Imports run one way, client → shared ← server: shared/ imports neither.",
  },
  { target: "./client", from: "./server", message: "The browser bundle never imports server code." },
  ...featureZones,
  {
    target: "./client/src/features",
    from: "./client/src/app",
    message: "Features do not import the app: the app (routes, pages) composes them.",
  },
  {
    target: ["./client/src/components", "./client/src/hooks", "./client/src/lib", "./client/src/config"],
    from: ["./client/src/features", "./client/src/app"],
    message: "Shared layers import neither features nor the app.",
  },
  {
    target: ["./server/lib", "./server/db", "./server/middleware"],
    from: "./server/features",
    message: "Shared server layers import no feature: what features share moves down into server/lib.",
  },
];

/**
 * A server feature calls another feature's exported services, never its queries (STYLE.md): the queries stay the
 * owning feature's business, so what it checks and locks cannot be skipped from outside. Tests may read across.
 */
const SERVER_FEATURES = fs
  .readdirSync("server/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverQueryZones = SERVER_FEATURES.map((feature) => ({
  target: `./server/features/${feature}`,
  from: SERVER_FEATURES.filter((other) => other !== feature).map((other) => `./server/features/${other}/*.queries.ts`),
  message: "A feature calls another feature's exported service, never its queries.",
}));

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
    files: ["client/src/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["client/src/**/*.{ts,tsx}", "server/**/*.ts", "shared/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      // dynamic imports count too: a lazily loaded page that imports its loader back is still a cycle
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: IMPORT_ZONES }],
    },
  },
  {
    files: ["server/features/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test-support.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...IMPORT_ZONES, ...serverQueryZones] }] },
  },
  {
    // kebab-case names everywhere code lives (STYLE.md); "x.routes.test.ts" is judged by "x"
    files: ["client/src/**/*.{ts,tsx}", "server/**/*.ts", "shared/**/*.ts"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "{client,server,shared}/**/": "KEBAB_CASE" }],
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
  },
);
