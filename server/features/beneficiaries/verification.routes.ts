import type { Request } from "express";
import { ipKey } from "../../auth/ip-key";
import { consume, type Limiters } from "../../auth/rate-limits";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import * as verification from "./verification.service";

const PATH = "/api/beneficiary-verification/:token";

/** Both verbs count against the token look-up limit before any query, so guessing links is slowed per address. */
async function limitLookup(limiters: Limiters, req: Request) {
  await consume(limiters.tokenLookup, ipKey(req));
}

/** The beneficiary's side of the link: public, rate limited, no session needed. */
export function registerVerificationRoutes(r: RouteTable, deps: AppDeps, limiters: Limiters) {
  const db = deps.database.db;

  r.add({ method: "get", path: PATH, access: "public", rateLimited: true }, async (req, res) => {
    await limitLookup(limiters, req);
    res.json(await verification.getVerification(db, deps.clock, String(req.params.token)));
  });

  r.add({ method: "post", path: PATH, access: "public", body: "none", rateLimited: true }, async (req, res) => {
    await limitLookup(limiters, req);
    res.json(await verification.confirmVerification(db, deps.clock, String(req.params.token)));
  });
}
