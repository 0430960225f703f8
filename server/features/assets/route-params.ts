import type { Request } from "express";
import { idParam } from "@shared/validators/common";
import { notFound, unauthorized } from "../../lib/app-error";

/** The signed-in user's id; the access guard has already answered 401 when there is none. */
export function userIdOf(req: Request): number {
  if (!req.user) throw unauthorized();
  return req.user.id;
}

/** A route id that is not a positive integer names no row: 404, like any other id that is not yours. */
export function routeId(req: Request): number {
  const parsed = idParam.safeParse(req.params.id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}
