import type { Express, Request, RequestHandler } from "express";
import { hasSecondFactor } from "@shared/second-factor";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { ipKey } from "../auth/ip-key";
import { consume, type Limiters } from "../auth/rate-limits";
import { AppError, forbidden, serviceUnavailable, unauthorized } from "./app-error";

/** Who may call a route. `user` is any signed-in user; the others name a userType. */
export type Access = "public" | "user" | "client" | "agent" | "admin";
/** What body a route accepts: JSON routes refuse every other content type with 415. */
export type BodyKind = "json" | "multipart" | "raw" | "none";
export type Method = "get" | "post" | "put" | "patch" | "delete";

export type RouteSpec = {
  method: Method;
  path: string;
  access: Access;
  body?: BodyKind;
  /** The owned resource an `:id` in the path names; the security suite's ownership matrix reads it. */
  resource?: string;
  /** The rate limit a credential or token route runs under (see RateLimit). */
  rateLimit?: RateLimit;
};

/**
 * Per-address limits the registry applies itself: one point of the named rule (config.rateLimits) is taken from
 * the client's address before the handler runs, after the access and body guards.
 */
export const REGISTRY_LIMITS = [
  "register",
  "passwordReset",
  "tokenLookup",
  "passkeySignIn",
] as const satisfies (keyof Limiters)[];
export type RegistryLimit = (typeof REGISTRY_LIMITS)[number];

/**
 * A route's rate limit. Three are applied by the route or its service, but named here all the same: `loginThrottle`
 * is the multi-layer sign-in throttle (server/auth/login-throttle.ts: per account and address, per account, per
 * address and day, with a slow lane), keyed by the e-mail the body names; `ownMailCap` is the outbox's per-user cap
 * on mail a user sends themselves; `releaseOpen` is `tokenLookup` (same rule, same counter per address) taken inside
 * the open's own statement, so that an open of a release link commits once (server/features/releases).
 */
export type RateLimit = RegistryLimit | "loginThrottle" | "ownMailCap" | "releaseOpen";

/** What the table records of a route: its spec with the defaults filled in. */
export type RegisteredRoute = RouteSpec & {
  body: BodyKind;
  /** True for credential and token routes: they have a rate limit. */
  rateLimited: boolean;
  /** The limiter middleware the registry put in front of the handlers, when the limit is one of REGISTRY_LIMITS. */
  limiter?: RequestHandler;
};

export type RouteTable = {
  routes: RegisteredRoute[];
  add(spec: RouteSpec, ...handlers: RequestHandler[]): void;
};

function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export const VERIFY_EMAIL_FIRST = "Please confirm your e-mail address first: open the link we e-mailed you.";

function accessGuard(access: Access): RequestHandler {
  return (req, _res, next) => {
    if (access === "public") return next();
    // express-session calls next() without a session when its store is unreachable: that is an outage, not a sign-out.
    if (!req.session) return next(serviceUnavailable());
    if (!req.user) return next(unauthorized());
    if (access !== "user" && req.user.userType !== access) {
      return next(forbidden(`This area is for ${access} accounts only.`));
    }
    // An agent acts for other people: the role needs an address its holder has proved (contract, AUTH-15).
    if (access === "agent" && !req.user.emailVerified) return next(forbidden(VERIFY_EMAIL_FIRST));
    // Agents see their clients and admins everyone's metadata: their routes need a second factor (issue 15).
    if ((access === "agent" || access === "admin") && !hasSecondFactor(req.user)) {
      return next(forbidden(TWO_FACTOR_MESSAGES.requiredForRole));
    }
    next();
  };
}

function bodyGuard(body: BodyKind): RequestHandler {
  return (req, _res, next) => {
    if (body === "json" && hasBody(req) && !req.is("application/json")) {
      return next(new AppError(415, "Send the request body as application/json."));
    }
    next();
  };
}

/**
 * Every route is declared here with its access rule and body kind. The list doubles as the route registry the
 * security tests iterate over, so a new route is covered by the cross-site, auth and ownership gates at once.
 */
function limiterFor(limiters: Limiters, limit: RateLimit | undefined): RequestHandler | undefined {
  if (!(REGISTRY_LIMITS as readonly string[]).includes(limit ?? "")) return undefined;
  const limiter = limiters[limit as RegistryLimit];
  const rateLimit: RequestHandler = (req, _res, next) => {
    consume(limiter, ipKey(req)).then(() => next(), next);
  };
  return rateLimit;
}

export function createRouteTable(app: Express, limiters: Limiters): RouteTable {
  const routes: RegisteredRoute[] = [];
  return {
    routes,
    add(spec, ...handlers) {
      const full: RegisteredRoute = {
        body: spec.method === "get" || spec.method === "delete" ? "none" : "json",
        ...spec,
        rateLimited: spec.rateLimit !== undefined,
        limiter: limiterFor(limiters, spec.rateLimit),
      };
      routes.push(full);
      const guards = [accessGuard(full.access), bodyGuard(full.body), ...(full.limiter ? [full.limiter] : [])];
      app[full.method](full.path, ...guards, ...handlers);
    },
  };
}
