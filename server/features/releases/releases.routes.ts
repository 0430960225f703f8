import { openReleaseSchema } from "@shared/validators/releases";
import { ipKey } from "../../auth/ip-key";
import { consume, statementPoint, type Limiters } from "../../auth/rate-limits";
import { sessionCookieName } from "../../auth/session";
import type { AppDeps } from "../../deps";
import type { RouteTable } from "../../lib/route-registry";
import { currentUserId, routeId } from "../../lib/request-context";
import { logDecryptFailure } from "../assets/assets.service";
import { sendDownload } from "../assets/download";
import { listReleases, revokeRelease } from "./owner-releases.service";
import { openInReleaseSession, originOf, releaseActor } from "./release-session";
import { getReleaseView, openReleaseByToken, openReleasedFile } from "./releases.service";

/**
 * The beneficiary's side (public: a release session is not an account; the access rules answer for it) and the
 * owner's side (list, revoke). Contract "Release triggers, bundles and releases".
 */
export function registerReleaseRoutes(r: RouteTable, deps: AppDeps, limiters: Pick<Limiters, "tokenLookup">) {
  const cookieName = sessionCookieName(deps.config);
  const limiter = limiters.tokenLookup;
  r.add(
    { method: "post", path: "/api/releases/open", access: "public", rateLimit: "releaseOpen" },
    async (req, res) => {
      const parsed = openReleaseSchema.safeParse(req.body ?? {});
      // the address's token-lookup point: taken in the open's own statement, or first (a bad body, a Redis store)
      const limit = parsed.success ? statementPoint(limiter, ipKey(req)) : undefined;
      if (!limit) await consume(limiter, ipKey(req));
      if (!parsed.success) throw parsed.error;
      const { token } = parsed.data;
      const view = await openInReleaseSession(req, { clock: deps.clock, cookieName }, (session) =>
        openReleaseByToken(deps, { token, origin: originOf(req), limit, session }),
      );
      res.json(view);
    },
  );

  r.add({ method: "get", path: "/api/releases", access: "client" }, async (req, res) => {
    res.json(await listReleases(deps, { userId: currentUserId(req) }));
  });

  r.add({ method: "get", path: "/api/releases/:id", access: "public", resource: "release" }, async (req, res) => {
    res.json(await getReleaseView(deps, { actor: releaseActor(req, deps.clock), id: routeId(req) }));
  });

  r.add(
    { method: "get", path: "/api/releases/:id/files/:fileId", access: "public", resource: "release" },
    async (req, res) => {
      const fileId = routeId(req, "fileId");
      const download = await openReleasedFile(deps, {
        actor: releaseActor(req, deps.clock),
        id: routeId(req),
        fileId,
        origin: originOf(req),
      });
      const failure = await sendDownload(res, download);
      if (failure) logDecryptFailure(deps, fileId, failure);
    },
  );

  r.add(
    { method: "post", path: "/api/releases/:id/revoke", access: "client", body: "none", resource: "release" },
    async (req, res) => {
      res.json(await revokeRelease(deps, { userId: currentUserId(req), id: routeId(req), origin: originOf(req) }));
    },
  );
}
