import type { RequestHandler } from "express";
import { forbidden } from "../lib/app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site writes before any body is read (uploads included): a write whose Origin is another origin,
 * or whose Sec-Fetch-Site is cross-site. Requests with neither header (CLI clients) pass (contract).
 */
export function sameOrigin(publicOrigin: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.headers["sec-fetch-site"];
    if (site === "cross-site" || site === "same-site") return next(forbidden("Cross-site requests are not allowed."));
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== publicOrigin) return next(forbidden("Cross-site requests are not allowed."));
    next();
  };
}
