import type { Request } from "express";
import { linkTokenSchema } from "@shared/validators/triggers";
import type { AppDeps } from "../../deps";
import { currentUserId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import * as svc from "./check-in.service";

const requestInfo = (req: Request) => ({ requestId: String(req.id ?? ""), ip: req.ip ?? null });
const DONE = "Thank you — your inactivity triggers start counting again from now.";

/** Owner activity (contract): the signed-in "I'm still here" and the public single-use link from a warning. */
export function registerCheckInRoutes(r: RouteTable, deps: AppDeps) {
  r.add({ method: "post", path: "/api/check-in", access: "user", body: "none" }, async (req, res) => {
    const result = await svc.checkIn(deps, { userId: currentUserId(req), request: requestInfo(req) });
    res.json({ ...result, message: DONE });
  });

  r.add(
    { method: "post", path: "/api/check-in/:token", access: "public", body: "none", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { token } = linkTokenSchema.parse({ token: req.params.token });
      const result = await svc.checkInByToken(deps, { token, request: requestInfo(req) });
      res.json({ ...result, message: DONE });
    },
  );
}
