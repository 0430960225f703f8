import type { Express, Request, RequestHandler } from "express";
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
  /** True for credential and token routes that must be rate limited. */
  rateLimited?: boolean;
};

export type RouteTable = {
  routes: RouteSpec[];
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
export function createRouteTable(app: Express): RouteTable {
  const routes: RouteSpec[] = [];
  return {
    routes,
    add(spec, ...handlers) {
      const full: RouteSpec = { body: spec.method === "get" || spec.method === "delete" ? "none" : "json", ...spec };
      routes.push(full);
      app[full.method](full.path, accessGuard(full.access), bodyGuard(full.body ?? "none"), ...handlers);
    },
  };
}
