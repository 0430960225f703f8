import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import * as verification from "./verification.service";

const PATH = "/api/beneficiary-verification/:token";

/**
 * The beneficiary's side of the link: public, no session needed. Both verbs count against the token look-up limit
 * before any query, so guessing links is slowed per address.
 */
export function registerVerificationRoutes(r: RouteTable, deps: AppDeps) {
  const db = deps.database.db;

  r.add({ method: "get", path: PATH, access: "public", rateLimit: "tokenLookup" }, async (req, res) => {
    res.json(await verification.getVerification(db, deps.clock, String(req.params.token)));
  });

  r.add({ method: "post", path: PATH, access: "public", body: "none", rateLimit: "tokenLookup" }, async (req, res) => {
    res.json(await verification.confirmVerification(db, deps.clock, String(req.params.token)));
  });
}
