import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { serviceUnavailable } from "../lib/app-error";

/** Reads whose answer is built whole before its first byte and may rightly take long: the owner's export. */
const EXEMPT = /^\/api\/export\//;

/**
 * A database that stalls (a hung server, a network path that passes nothing) answers no query and raises no error, so
 * without this a request would wait for as long as the client does. A read (GET or HEAD) that has not started its
 * answer within `ms` gets the outage answer, 503 with Retry-After, and what its handler sends later is dropped. Writes
 * are left to finish: answering 503 to a write that may still commit would invite a retry that does it twice.
 * Mounted before the session store, whose load is the first query of most requests.
 */
export function responseDeadline(ms: number, logger: Logger): RequestHandler {
  return (req, res, next) => {
    const read = req.method === "GET" || req.method === "HEAD";
    if (ms <= 0 || !read || !req.path.startsWith("/api/") || EXEMPT.test(req.path)) return next();
    const timer = setTimeout(() => {
      if (res.headersSent || res.writableEnded) return;
      logger.warn({ event: "response_deadline", method: req.method, ms }, "read not answered in time: 503");
      const outage = serviceUnavailable();
      for (const [name, value] of Object.entries(outage.headers ?? {})) res.setHeader(name, value);
      res.status(outage.status).json({ message: outage.message });
    }, ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    res.once("finish", clear);
    res.once("close", clear);
    next();
  };
}
