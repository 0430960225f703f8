// Pages made ahead of time, so that the first paint of the busiest screens needs no JavaScript and no extra round
// trip. After the client build, client/src/prerender.tsx is built for Node and renders the public pages as a visitor
// sees them. The server (server/spa.ts) sends dist/public/pages/<audience>/<name>.html for its route and audience
// ("visitor" without a session, else the user type) and index.html for everything else.
//  - A visitor's page carries its markup in #root and no script but the small entry: it paints from HTML and CSS
//    alone, then fetches the app (client/src/main.tsx). It does not preload the session read: it has the answer.
//  - Every other page carries the app's loading screen, shown if the app is slow to start (client/src/index.css), and
//    <link rel=modulepreload> for the app and for its screen's chunks, so they download with the entry, not after.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";

type PageSpec = {
  /** Written as pages/<audience>/<route without "/", or "index">.html; index.html when absent. */
  audience?: "visitor" | "client";
  route: string;
  /** Rendered ahead of time (public pages only: the markup must not depend on who asks). */
  render?: boolean;
  /** Source modules (under client/src) of the chunks to fetch with the entry: the app, then the screen's own. */
  chunks?: string[];
  /** API reads to start with the entry; the app's fetch for them must match (same URL, credentials included). */
  reads?: "dashboard";
};

const APP = "app/start.tsx";
const DASHBOARD = [APP, "app/routes/app/client-area.tsx", "app/routes/app/dashboard-page.tsx"];

const PAGES: PageSpec[] = [
  { audience: "visitor", route: "/", render: true },
  { audience: "visitor", route: "/auth", render: true },
  // a client's home is the dashboard (client-area.tsx)
  { audience: "client", route: "/", chunks: DASHBOARD, reads: "dashboard" },
  { audience: "client", route: "/dashboard", chunks: DASHBOARD, reads: "dashboard" },
  // last, as it overwrites the template the others start from
  { route: "/", chunks: [APP] },
];

/** What index.html carries for the session read (lib/auth.tsx); a visitor's page has its answer already. */
const SESSION_PRELOAD = /\n\s*<link rel="preload" href="\/api\/user"[^>]*>/;
const MODULE_PRELOAD = /\n\s*<link rel="modulepreload"[^>]*>/g;
const TITLE = /<title>[^<]*<\/title>/;
const LEADING_TITLE = /^<title>[^<]*<\/title>/;
const ROOT_DIV = '<div id="root"></div>';

type ChunkInfo = { fileName: string; imports: string[]; isEntry: boolean };

type Options = { root: string; outDir: string; alias: Record<string, string> };

/** Vite plugin: writes the pages of PAGES into outDir once the client build is complete. */
export function prerenderPages({ root, outDir, alias }: Options): Plugin {
  const chunksBySource = new Map<string, ChunkInfo>();
  const chunksByFile = new Map<string, ChunkInfo>();
  const closureOf = (sources: string[]) =>
    staticClosure(
      sources.map((source) => {
        const chunk = chunksBySource.get(path.resolve(root, "src", source));
        if (!chunk) throw new Error(`prerender: no chunk for ${source}`);
        return chunk;
      }),
      chunksByFile,
    );
  return {
    name: "heirloom:prerender",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        const info = { fileName: out.fileName, imports: out.imports, isEntry: out.isEntry };
        chunksByFile.set(out.fileName, info);
        if (out.facadeModuleId) chunksBySource.set(path.resolve(out.facadeModuleId), info);
      }
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const template = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
        if (!template.includes(ROOT_DIV)) throw new Error(`prerender: ${ROOT_DIV} not found in index.html`);
        const renderer = await loadRenderer(root, alias);
        const loadingScreen = `<div id="root"><div class="reveal-when-slow">${renderer.renderLoadingScreen()}</div></div>`;
        const entryFiles = staticClosure(
          [...chunksByFile.values()].filter((c) => c.isEntry),
          chunksByFile,
        );
        for (const page of PAGES) {
          let html = template;
          if (page.render) {
            let markup = await renderer.renderVisitorPage(page.route);
            // React puts the page's <title> first; it belongs in the head, in place of the default one
            const title = LEADING_TITLE.exec(markup)?.[0];
            if (title) {
              markup = markup.slice(title.length);
              html = html.replace(TITLE, title);
            }
            html = html
              .replace(SESSION_PRELOAD, "")
              .replace(MODULE_PRELOAD, "")
              .replace(ROOT_DIV, `<div id="root" data-prerendered="visitor">${markup}</div>`);
          } else {
            html = html.replace(ROOT_DIV, loadingScreen);
          }
          const reads = page.reads === "dashboard" ? renderer.dashboardReads() : [];
          const preloads = [
            ...reads.map((url) => `\n    <link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`),
            ...[...closureOf(page.chunks ?? [])]
              .filter((file) => !entryFiles.has(file))
              .map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}">`),
          ];
          html = html.replace(/\s*<\/head>/, `${preloads.join("")}\n  </head>`);
          const name = page.route === "/" ? "index" : page.route.slice(1);
          const file = page.audience
            ? path.join(outDir, "pages", page.audience, `${name}.html`)
            : path.join(outDir, `${name}.html`);
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, html);
        }
      },
    },
  };
}

/** Every chunk file `chunks` load before running, themselves included. */
function staticClosure(chunks: ChunkInfo[], byFile: Map<string, ChunkInfo>): Set<string> {
  const seen = new Set<string>();
  const visit = (chunk: ChunkInfo) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  chunks.forEach(visit);
  return seen;
}

/** Builds client/src/prerender.tsx for Node (outside the client's output) and loads its render function. */
type Renderer = {
  renderVisitorPage(pathname: string): Promise<string>;
  renderLoadingScreen(): string;
  dashboardReads(): string[];
};

async function loadRenderer(root: string, alias: Record<string, string>): Promise<Renderer> {
  // under the project, so Node resolves React and friends from its node_modules and reads it as an ES module
  const outDir = path.resolve(root, "../node_modules/.cache/heirloom-prerender");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    resolve: { alias },
    plugins: [react()],
    build: {
      ssr: path.join(root, "src/prerender.tsx"),
      outDir,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" } },
    },
  });
  // eslint-disable-next-line no-unsanitized/method -- the file this function just built, not outside input
  return (await import(pathToFileURL(path.join(outDir, "prerender.mjs")).href)) as Renderer;
}
