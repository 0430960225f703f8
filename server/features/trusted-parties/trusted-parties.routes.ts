import {
  acceptTrustedPartyInvitationSchema,
  createTrustedPartySchema,
  updateTrustedPartySchema,
} from "@shared/validators/trusted-parties";
import type { AppDeps } from "../../deps";
import { audit } from "../../lib/audit";
import { currentUser, currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import * as invitations from "./invitations.service";
import { presentTrustedFor, presentTrustedParty } from "./trusted-parties.presenter";
import * as svc from "./trusted-parties.service";

const BASE = "/api/enhanced-trusted-parties";
const ONE = `${BASE}/:id`;

export function registerTrustedPartyRoutes(r: RouteTable, deps: AppDeps) {
  const d: svc.TrustedPartyDeps = {
    db: deps.database.db,
    keyring: deps.keyring,
    outbox: deps,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock,
    logger: deps.logger,
  };
  const one = { access: "client", resource: "trusted-party" } as const;
  // Every trusted-party event is audited (contract); the target names the row, never its contents.
  const record = (req: Parameters<typeof audit>[1], action: Parameters<typeof audit>[2], id: number) =>
    audit({ db: d.db, clock: d.clock }, req, action, { target: `trusted_party:${id}` });

  r.add({ method: "get", path: BASE, access: "client" }, async (req, res) => {
    const rows = await svc.listTrustedParties(d, { userId: currentUserId(req) });
    res.json(rows.map((row) => presentTrustedParty(row, currentUser(req))));
  });

  r.add({ method: "post", path: BASE, access: "client" }, async (req, res) => {
    const input = createTrustedPartySchema.parse(req.body ?? {});
    const row = await svc.createTrustedParty(d, { owner: currentUser(req), input });
    await record(req, "trusted_party_added", row.id);
    res.status(201).json(presentTrustedParty(row, currentUser(req)));
  });

  // The owner's edit form: the one answer with the numbers unmasked.
  r.add({ method: "get", path: ONE, ...one }, async (req, res) => {
    const row = await svc.getTrustedParty(d, { userId: currentUserId(req), id: routeId(req) });
    res.json(presentTrustedParty(row, currentUser(req), { masked: false }));
  });

  r.add({ method: "patch", path: ONE, ...one }, async (req, res) => {
    const input = updateTrustedPartySchema.parse(req.body ?? {});
    const row = await svc.updateTrustedParty(d, { owner: currentUser(req), id: routeId(req), input });
    res.json(presentTrustedParty(row, currentUser(req)));
  });

  r.add({ method: "delete", path: ONE, ...one }, async (req, res) => {
    await svc.deleteTrustedParty(d, { userId: currentUserId(req), id: routeId(req) });
    await record(req, "trusted_party_deleted", routeId(req));
    res.status(204).end();
  });

  r.add({ method: "post", path: `${ONE}/revoke`, body: "none", ...one }, async (req, res) => {
    const row = await svc.revokeTrustedParty(d, { userId: currentUserId(req), id: routeId(req) });
    await record(req, "trusted_party_revoked", row.id);
    res.json(presentTrustedParty(row, currentUser(req)));
  });

  r.add({ method: "post", path: `${ONE}/resend-invitation`, body: "none", ...one }, async (req, res) => {
    const row = await svc.resendInvitation(d, { owner: currentUser(req), id: routeId(req) });
    res.json(presentTrustedParty(row, currentUser(req)));
  });

  // The invitation page's read: public, changes nothing; the accept is the POST below.
  r.add(
    { method: "get", path: "/api/trusted-party-invitations/:token", access: "public", rateLimit: "tokenLookup" },
    async (req, res) => {
      res.json(await invitations.getInvitation(d.db, d.clock, String(req.params.token)));
    },
  );

  r.add(
    { method: "post", path: "/api/trusted-party-invitations/accept", access: "user", rateLimit: "tokenLookup" },
    async (req, res) => {
      const { token } = acceptTrustedPartyInvitationSchema.parse(req.body ?? {});
      const me = currentUser(req);
      const accepted = await invitations.acceptInvitation(d.db, d.clock, {
        token,
        person: { id: me.id, email: me.email },
      });
      await record(req, "trusted_party_accepted", accepted.partyId);
      res.json(accepted);
    },
  );

  // The people who named the caller: any signed-in account may be someone's trusted party.
  r.add({ method: "get", path: "/api/trusted-for", access: "user" }, async (req, res) => {
    const rows = await invitations.listTrustedFor(d.db, currentUserId(req));
    res.json(rows.map(presentTrustedFor));
  });
}
