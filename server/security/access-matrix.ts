import { eq, inArray } from "drizzle-orm";
import { assetReleases, deathVerificationRequests, digitalAssets, enhancedTrustedParties } from "@shared/schema";
import { signUpAgent } from "../features/agents/agents.test-support";
import { activeParty, rehearse, requestAbout } from "../features/death-verification/dv.test-support";
import { createTestRelease } from "../features/releases/releases.test-support";
import type { AccessActor, Permission } from "../lib/access";
import type { TestApp } from "../test/harness";
import { createOwned } from "./owned-resources";

type SignedUp = Awaited<ReturnType<TestApp["signUp"]>>;

/** What a case sets up: rows the permission guards, and who besides their owner may use them. */
export type Arranged = {
  /** Rows the actors below may use. */
  ids: number[];
  /** Actors holding a delegation that covers `ids` (a release session, an agent…); none for an owner-only rule. */
  delegates?: AccessActor[];
  /** Rows of the same owner that nobody may use (e.g. an upload that has not committed). */
  refused?: number[];
};

/**
 * How the access matrix tests one permission. `Record<Permission, …>`: a permission added to `ACCESS_RULES` without
 * its case here does not typecheck, so a delegated read is tested the day it is added.
 */
export type AccessCase = {
  /** Whether the owner of the rows holds the permission (false for a delegate-only read). */
  owner: boolean;
  /** Creates the rows as `owner` (a fresh signed-up client with every plan limit lifted), through the API. */
  arrange(t: TestApp, owner: SignedUp): Promise<Arranged>;
  /**
   * The registered routes ("get /api/assets/:id/download") whose answer this permission decides; each must be in
   * the route table, and those with an `:id` are in the 404 ownership matrix through their `resource`.
   */
  routes: string[];
};

export const ACCESS_CASES: Record<Permission, AccessCase> = {
  "beneficiary:reference": {
    owner: true,
    async arrange(_t, owner) {
      return { ids: [Number(await createOwned(owner.agent, "beneficiary"))] };
    },
    routes: ["post /api/assets/upload", "post /api/financial-assets", "put /api/financial-assets/:id"],
  },
  "file:read": {
    owner: true,
    async arrange(t, owner) {
      const committed = Number(await createOwned(owner.agent, "asset"));
      const pending = Number(await createOwned(owner.agent, "asset"));
      await t.db.update(digitalAssets).set({ status: "pending" }).where(eq(digitalAssets.id, pending));
      return { ids: [committed], refused: [pending] };
    },
    routes: ["get /api/assets/:id/download"],
  },
  // Delegate-only: the person who accepted an invitation acts as a trusted party; pending and revoked rows grant nothing.
  "trusted-party:act": {
    owner: false,
    async arrange(t, owner) {
      const ids: number[] = [];
      const person = t.uniqueEmail("trusted");
      for (let i = 0; i < 3; i++) {
        const res = await owner.agent
          .post("/api/enhanced-trusted-parties")
          .send({ trustedPersonName: `Party ${i}`, trustedPersonEmail: person, relationship: "friend" });
        ids.push(Number(res.body.id));
      }
      const [active, pending, revoked] = ids;
      const party = await t.signUp({ email: person });
      await t.db
        .update(enhancedTrustedParties)
        .set({ status: "active", trustedPersonId: party.user.id })
        .where(inArray(enhancedTrustedParties.id, [active, revoked]));
      await owner.agent.post(`/api/enhanced-trusted-parties/${revoked}/revoke`);
      return { ids: [active], delegates: [{ userId: party.user.id }], refused: [pending, revoked] };
    },
    routes: ["get /api/trusted-for"],
  },
  // Delegate-only: an active party allowed to initiate; a party without the flag, or not yet accepted, cannot.
  "death-verification:initiate": {
    owner: false,
    async arrange(t, owner) {
      const { partyId, person } = await activeParty(t, owner);
      const noFlag = await activeParty(t, owner, { person, canInitiate: false });
      const pending = await owner.agent
        .post("/api/enhanced-trusted-parties")
        .send({ trustedPersonName: "Not yet", trustedPersonEmail: person.user.email, relationship: "friend" });
      const refused = [noFlag.partyId, Number(pending.body.id)];
      return { ids: [partyId], delegates: [{ userId: person.user.id }], refused };
    },
    routes: ["post /api/death-verification/request"],
  },
  // The requestor (here the owner rehearsing) adds evidence while the request is open; a decided one takes none.
  "death-verification:upload": {
    owner: true,
    async arrange(t, owner) {
      const open = await rehearse(owner);
      const closed = await rehearse(owner);
      await t.db
        .update(deathVerificationRequests)
        .set({ status: "rejected" })
        .where(eq(deathVerificationRequests.id, closed));
      return { ids: [open], refused: [closed] };
    },
    routes: ["post /api/death-verification/requests/:id/documents"],
  },
  "death-verification:evidence": {
    owner: true,
    async arrange(_t, owner) {
      return { ids: [await rehearse(owner)] };
    },
    routes: ["get /api/death-verification/requests/:id/documents/:documentId"],
  },
  // Delegate-only: another active party of the subject answers a real request; never the subject's rehearsal.
  "death-verification:confirm": {
    owner: false,
    async arrange(t, owner) {
      const asker = await activeParty(t, owner, { name: "Asker" });
      const other = await activeParty(t, owner, { name: "Other" });
      const id = await requestAbout(asker.person, owner);
      return { ids: [id], delegates: [{ userId: other.person.user.id }], refused: [await rehearse(owner)] };
    },
    routes: ["post /api/death-verification/requests/:id/confirm"],
  },
  // The requestor alone (here the owner rehearsing) may appeal; a request about the owner that a party made is not theirs.
  "death-verification:appeal": {
    owner: true,
    async arrange(t, owner) {
      const asker = await activeParty(t, owner, { name: "Asker" });
      return { ids: [await rehearse(owner)], refused: [await requestAbout(asker.person, owner)] };
    },
    routes: ["post /api/death-verification/requests/:id/appeal"],
  },
  // Delegate-only: the agent whose invitation the client accepted sees the client's profile; another agent nothing.
  "agent:client-profile": {
    owner: false,
    async arrange(t, owner) {
      const agent = await signUpAgent(t);
      const other = await signUpAgent(t);
      const invited = await agent.agent.post("/api/agent/invitations").send({ email: owner.user.email });
      const token = String(invited.body.inviteUrl).split("/").pop();
      const accepted = await owner.agent.post("/api/agent/accept-invitation").send({ token });
      if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
      return { ids: [owner.user.id], delegates: [{ userId: agent.user.id }], refused: [other.user.id] };
    },
    routes: ["get /api/agent/clients"],
  },
  // Delegate-only: a beneficiary's release session reads its one release while it is live, never the owner's others.
  "release:read": {
    owner: false,
    async arrange(t, owner) {
      const fileId = Number(await createOwned(owner.agent, "asset"));
      const items = [{ kind: "file" as const, id: fileId }];
      const live = await createTestRelease(t, { ownerId: owner.user.id, items });
      const revoked = await createTestRelease(t, { ownerId: owner.user.id, items });
      await t.db.update(assetReleases).set({ status: "revoked" }).where(eq(assetReleases.id, revoked.id));
      const session = { userId: null, releaseIds: [live.id, revoked.id], now: t.clock.now() };
      return { ids: [live.id], delegates: [session], refused: [revoked.id] };
    },
    routes: ["get /api/releases/:id"],
  },
  "release:file": {
    owner: false,
    async arrange(t, owner) {
      const released = Number(await createOwned(owner.agent, "asset"));
      const kept = Number(await createOwned(owner.agent, "asset"));
      const release = await createTestRelease(t, { ownerId: owner.user.id, items: [{ kind: "file", id: released }] });
      const session = { userId: null, releaseIds: [release.id], now: t.clock.now() };
      return { ids: [released], delegates: [session], refused: [kept] };
    },
    routes: ["get /api/releases/:id/files/:fileId"],
  },
};
