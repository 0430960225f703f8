import path from "node:path";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompress } from "./scripts/build-precompress";
import { prerenderPages } from "./scripts/build-prerender";

const root = path.resolve(import.meta.dirname, "client");
const outDir = path.resolve(import.meta.dirname, "dist/public");
const alias = {
  "@": path.resolve(root, "src"),
  "@shared": path.resolve(import.meta.dirname, "shared"),
};

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|use-sync-external-store)[\\/]/;
const LUCIDE = /node_modules[\\/]lucide-react[\\/]/;

/** Small presentational parts shared by several screens; nothing that brings a library of its own. */
const SHARED_UI = [
  /client[\\/]src[\\/]components[\\/]ui[\\/](badge|button|card|input|label|progress|skeleton|spinner|textarea)\.tsx$/,
  /client[\\/]src[\\/]components[\\/](brand|query-error|plan-card|page-placeholder)\.tsx$/,
  /client[\\/]src[\\/]components[\\/]layouts[\\/](skip-link|site-footer)\.tsx$/,
  /client[\\/]src[\\/](config[\\/]paths|lib[\\/](utils|describe-failure|query-keys|format))\.ts$/,
  /shared[\\/](plans|format)\.ts$/,
];

export default defineConfig({
  root,
  // the pages rendered ahead of time first, so that they are compressed with everything else
  plugins: [react(), tailwindcss(), prerenderPages({ root, outDir, alias }), precompress(outDir)],
  resolve: { alias },
  build: {
    outDir,
    emptyOutDir: true,
    // not "assets": /assets is one of the SPA's own routes
    assetsDir: "static",
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: a first load over HTTP/1.1 pays a round trip per few files, and without these groups
        // every icon and small component shared by two screens is a file of its own (a signed-in first load took 30).
        codeSplitting: {
          groups: [
            // what every screen runs on: one file rather than one per piece that two chunks happen to share
            { name: "framework", test: FRAMEWORK, priority: 2 },
            {
              name: "ui",
              test: (id) => LUCIDE.test(id) || SHARED_UI.some((pattern) => pattern.test(id)),
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:5000",
      "/auth/google": "http://localhost:5000",
    },
  },
});
