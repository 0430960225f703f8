import type { RequestHandler } from "express";
import type { Logger } from "pino";

export const UNTRUSTED_FORWARDING_WARNING =
  "A request arrived with X-Forwarded-For while TRUST_PROXY=0: if Heirloom runs behind a proxy, every client now " +
  "shares the proxy's address, so one person's failed sign-ins slow everyone down. Set TRUST_PROXY to the number " +
  "of proxy hops in front of the server.";

/**
 * Behind a proxy that nobody told us about, req.ip is the proxy's address for every client: the address-keyed
 * limits then treat all users as one. Said once per process, at the first forwarded request, in one log line.
 */
export function warnUntrustedForwarding(trustProxy: number, logger: Logger): RequestHandler {
  let warned = trustProxy > 0;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined) {
      warned = true;
      logger.warn(UNTRUSTED_FORWARDING_WARNING);
    }
    next();
  };
}
