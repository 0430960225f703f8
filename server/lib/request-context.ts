import type { Request } from "express";
import type { User } from "@shared/schema";
import { idParam } from "@shared/validators/common";
import { notFound, unauthorized } from "./app-error";

/**
 * The signed-in user of a request. The route table's access guard has already refused anonymous callers on every
 * route that is not public, so this throws only when a handler is wired to the wrong access rule.
 */
export function currentUser(req: Request): User {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function currentUserId(req: Request): number {
  return currentUser(req).id;
}

/** A positive integer path parameter; anything else is a miss like any other: 404, never 400 or 500. */
export function routeId(req: Request, name = "id"): number {
  const parsed = idParam.safeParse(req.params[name]);
  if (!parsed.success) throw notFound();
  return parsed.data;
}
