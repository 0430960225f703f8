import fs from "node:fs";
import path from "node:path";
import express, { type Express, type Request, type RequestHandler, type Response } from "express";
import { AppError } from "./lib/app-error";

/** Encodings the client build writes next to each text file (vite.config.ts), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
/** The only files that get a precompressed twin; everything else is served as it is. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
/** Ahead-of-time pages are named by route segment: "/" is "index", "/auth" is "auth". */
const PAGE_NAME = /^[a-z0-9-]+$/;

/**
 * Serves the built client's files: hashed assets under /static cached for a year, the rest (favicon) as they are, and
 * text files as their precompressed .br or .gz twin when the browser takes it. Mounted before the session: a file
 * is the same for everyone, so it costs no session read (a signed-in page load fetches some thirty of them).
 */
export function mountSpaFiles(app: Express, spaDir: string): void {
  const staticDir = path.join(spaDir, "static");
  app.use("/static", precompressed(staticDir));
  app.use("/static", express.static(staticDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }));
  const rootFiles = [precompressed(spaDir), express.static(spaDir, { index: false, dotfiles: "deny" })];
  for (const handler of rootFiles) app.use((req, res, next) => (isApi(req) ? next() : handler(req, res, next)));
}

/**
 * Answers every other GET with a page (client routing): the one the build rendered ahead of time for this route and
 * this kind of visitor when there is one, index.html otherwise. Mounted after the session, which it reads.
 */
export function mountSpaPages(app: Express, spaDir: string): void {
  app.get(/.*/, (req, res, next) => {
    const page = pageFor(spaDir, req);
    if (!page) return next(new AppError(404, "The client has not been built. Run npm run build."));
    res.setHeader("Cache-Control", "no-cache");
    // the page depends on the session (a visitor's landing page, a client's shell)
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    const encoding = encodingFor(req, page);
    if (encoding) {
      res.setHeader("Content-Encoding", encoding.name);
      res.type("html");
    }
    res.sendFile(encoding ? page + encoding.suffix : page);
  });
}

const isApi = (req: Request) => req.path === "/api" || req.path.startsWith("/api/");

/**
 * The page for this request: `pages/<audience>/<route>.html` when the build made one, where the audience is
 * "visitor" without a session and the user's type with one; index.html otherwise; undefined when nothing is built.
 */
export function pageFor(spaDir: string, req: Request): string | undefined {
  const audience = req.user ? req.user.userType : "visitor";
  const name = req.path === "/" ? "index" : req.path.slice(1);
  if (PAGE_NAME.test(name) && PAGE_NAME.test(audience)) {
    const page = path.join(spaDir, "pages", audience, `${name}.html`);
    if (fs.existsSync(page)) return page;
  }
  const index = path.join(spaDir, "index.html");
  return fs.existsSync(index) ? index : undefined;
}

/** The best precompressed twin of `file` the browser accepts, if the build wrote one. */
function encodingFor(req: Request, file: string): (typeof ENCODINGS)[number] | undefined {
  if (!COMPRESSIBLE.test(file)) return undefined;
  // our order, not the browser's: Chrome lists gzip before br but both are equal to it
  const encoding = ENCODINGS.find((e) => req.acceptsEncodings(e.name) === e.name);
  return encoding && fs.existsSync(file + encoding.suffix) ? encoding : undefined;
}

/**
 * Rewrites a GET for a text file to its precompressed twin and sets the headers of the original (type, encoding),
 * then lets express.static send it: its path checks, ranges, ETags and caching apply unchanged. A path that does not
 * resolve inside `dir` is left alone for express.static to refuse.
 */
function precompressed(dir: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !COMPRESSIBLE.test(req.path)) return next();
    let file: string;
    try {
      file = path.join(dir, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (!file.startsWith(dir + path.sep)) return next();
    const encoding = encodingFor(req, file);
    if (!encoding || !fs.existsSync(file)) return next();
    setEncodedHeaders(res, file, encoding.name);
    req.url = req.url.replace(/^[^?]*/, (p) => p + encoding.suffix);
    next();
  };
}

function setEncodedHeaders(res: Response, file: string, encoding: string): void {
  res.type(path.extname(file));
  res.setHeader("Content-Encoding", encoding);
  res.append("Vary", "Accept-Encoding");
}
