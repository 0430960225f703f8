import { sql } from "drizzle-orm";
import type supertest from "supertest";
import { createTestRelease } from "../features/releases/releases.test-support";
import type { TestApp } from "../test/harness";
import { buildAsset } from "../test/factories";
import { addPasskey } from "../test/passkeys";
import { createSoftwareAuthenticator } from "../test/software-authenticator";

type Agent = ReturnType<typeof supertest.agent>;
/** Row ids are numbers; a session's id in the settings list is an opaque string. */
export type OwnedId = number | string;

/**
 * Every owned resource, with how to create one and how its owner reads it back. The ownership matrix and the
 * mass-assignment gate iterate this registry; a route that names a resource missing here fails the suite.
 */
export type OwnedResource = {
  /**
   * POST path and a valid body (JSON) — or a custom creator for uploads, or a factory for rows the API creates only
   * behind gates a bare session does not pass (a trigger needs a paid plan and a verified e-mail), or, for what every
   * signed-in user already has (their own session), how to find its id.
   */
  create:
    | { path: string; body: Record<string, unknown> }
    | { upload: true }
    | { factory: (agent: Agent, t: TestApp) => Promise<number> }
    | { existing(agent: Agent): Promise<OwnedId> };
  /** The update route moves a state machine: extra fields in its body answer 400 (MASS-06), never 200. */
  transitionOnly?: boolean;
  /** The owner's read of the row, used to prove it is unchanged. */
  snapshot(agent: Agent, id: OwnedId): Promise<unknown>;
  /** A valid update body for PUT/PATCH routes. */
  update: Record<string, unknown>;
  /** Whose rows these are when not a client's: the matrix then signs up two agents (second factor, profile, plan). */
  role?: "agent";
};

const fromList = (path: string) => async (agent: Agent, id: OwnedId) => {
  const res = await agent.get(path);
  return (res.body as { id: OwnedId }[]).find((row) => row.id === id);
};

const byId = (path: string) => async (agent: Agent, id: OwnedId) => (await agent.get(`${path}/${id}`)).body as unknown;

const typed = (path: string, body: Record<string, unknown>): OwnedResource => ({
  create: { path, body },
  snapshot: byId(path),
  update: { title: "Changed by someone else" },
});

let beneficiarySeq = 0;
let trustedSeq = 0;

export const OWNED_RESOURCES: Record<string, OwnedResource> = {
  "gift-card-purchase": {
    create: {
      // the purchase answers {purchase, payment}: the order's id is inside
      async factory(agent) {
        const res = await agent.post("/api/gift-cards/purchase").send({
          denomination: 50,
          quantity: 1,
          recipientName: "Esi Owusu",
          recipientPhone: "+233 24 555 0101",
          paymentMethod: "mobile_money",
          mobileMoneyNetwork: "MTN",
          payerPhone: "+233241234567",
        });
        if (res.status !== 201) throw new Error(`creating gift-card-purchase failed: ${res.status} ${res.text}`);
        return (res.body as { purchase: { id: number } }).purchase.id;
      },
    },
    snapshot: byId("/api/gift-cards/purchases"),
    update: {},
  },
  "gift-card": {
    create: {
      // an issued card: an order paid through the mobile-money test mode's approve step
      async factory(agent) {
        const res = await agent.post("/api/gift-cards/purchase").send({
          denomination: 20,
          quantity: 1,
          recipientName: "Kofi Mensah",
          recipientPhone: "+233 24 555 0102",
          paymentMethod: "mobile_money",
          mobileMoneyNetwork: "MTN",
          payerPhone: "+233241234567",
        });
        if (res.status !== 201) throw new Error(`creating gift-card failed: ${res.status} ${res.text}`);
        const { payment } = res.body as { payment: { reference: string } };
        const approved = await agent.post(`/api/payments/momo/test/${payment.reference}/approve`);
        if (approved.status !== 200) throw new Error(`paying gift-card failed: ${approved.status} ${approved.text}`);
        // newest first: the card just issued
        return ((await agent.get("/api/gift-cards")).body as { id: number }[])[0].id;
      },
    },
    snapshot: fromList("/api/gift-cards"),
    update: {},
  },
  release: {
    create: {
      async factory(agent, t) {
        const me = (await agent.get("/api/user")).body as { id: number };
        const fileId = Number(await createOwned(agent, "asset", t));
        const { id } = await createTestRelease(t, { ownerId: me.id, items: [{ kind: "file", id: fileId }] });
        return id;
      },
    },
    snapshot: fromList("/api/releases"),
    update: {},
  },
  session: {
    create: {
      async existing(agent) {
        const res = await agent.get("/api/user/sessions");
        return (res.body as { id: string; current: boolean }[]).find((s) => s.current)!.id;
      },
    },
    snapshot: fromList("/api/user/sessions"),
    update: {},
  },
  passkey: {
    create: {
      // only an owner who proved the address may add one: proved here as the verification link would
      async factory(agent, t) {
        const me = (await agent.get("/api/user")).body as { id: number };
        await t.db.execute(sql`update users set email_verified = true where id = ${me.id}`);
        return (await addPasskey(agent, createSoftwareAuthenticator({ origin: "http://heirloom.test" }))).id;
      },
    },
    snapshot: fromList("/api/user/passkeys"),
    update: { name: "Renamed by someone else" },
  },
  asset: {
    create: { upload: true },
    snapshot: fromList("/api/assets"),
    update: {},
  },
  beneficiary: {
    create: {
      path: "/api/beneficiaries",
      // A new address each time: one address may receive only a few e-mails an hour (ABUSE-03).
      get body() {
        return {
          firstName: "Kofi",
          lastName: "Mensah",
          email: `kofi.${++beneficiarySeq}@example.com`,
          relationship: "child",
        };
      },
    },
    snapshot: fromList("/api/beneficiaries"),
    update: { firstName: "Changed", email: "attacker@evil.example" },
  },
  "trusted-party": {
    create: {
      path: "/api/enhanced-trusted-parties",
      // A new address each time, as for beneficiaries: the invitation counts against the recipient caps.
      get body() {
        return {
          trustedPersonName: "Kwame Asante",
          trustedPersonEmail: `kwame.${++trustedSeq}@example.com`,
          relationship: "attorney",
          ghanaCardNumber: "GHA-123456789-1",
        };
      },
    },
    snapshot: byId("/api/enhanced-trusted-parties"),
    update: { trustedPersonName: "Changed", trustedPersonEmail: "attacker@evil.example" },
  },
  // The owner's own rehearsal: they are its subject and requestor; nobody else may add evidence or answer it.
  "death-verification-request": {
    create: { path: "/api/death-verification/request", body: { requestorType: "family_member" } },
    snapshot: fromList("/api/death-verification/requests"),
    update: {},
  },
  "asset-bundle": {
    create: { path: "/api/asset-bundles", body: { name: "For the children", items: [] } },
    snapshot: fromList("/api/asset-bundles"),
    update: { name: "Changed by someone else" },
  },
  trigger: {
    create: {
      async factory(agent, t) {
        const beneficiaryId = await createOwned(agent, "beneficiary");
        const userId = ((await agent.get("/api/user")).body as { id: number }).id;
        const rows = await t.db.execute<{ id: number }>(sql`
          insert into asset_release_triggers (user_id, beneficiary_id, trigger_type, trigger_date, status, next_event_at, next_event_kind)
          values (${userId}, ${beneficiaryId}, 'specific_date', now() + interval '30 days', 'pending', now() + interval '30 days', 'fire')
          returning id`);
        return Number(rows.rows[0].id);
      },
    },
    snapshot: byId("/api/triggers"),
    update: { status: "cancelled" },
    transitionOnly: true,
  },
  "digital-will": {
    create: { path: "/api/digital-wills", body: { title: "My will", content: "I leave everything to my children." } },
    snapshot: fromList("/api/digital-wills"),
    // The will's execution record (PUT …/execution) is its only update.
    update: { testatorName: "Someone Else", testatorAddress: "Accra", place: "Accra", witnesses: [] },
  },
  online_accounts: typed("/api/online-accounts", {
    accountName: "Gmail",
    accountType: "email",
    username: "CANARY-user",
    twoFactorInfo: "CANARY-2fa",
  }),
  intellectual_property: typed("/api/intellectual-property", { title: "Adinkra patterns", category: "copyright" }),
  financial_assets: typed("/api/financial-assets", {
    title: "Savings",
    category: "investment",
    accountName: "GCB",
    accountNumber: "CANARY-1234",
  }),
  physical_assets: typed("/api/physical-assets", {
    title: "House",
    category: "real_estate",
    name: "Family house",
    accessCodes: "CANARY-code",
  }),
  digital_content: typed("/api/digital-content", {
    title: "Photos",
    category: "creative_work",
    accessInfo: "CANARY-access",
  }),
  // The product makes notifications itself: an export notifies its owner (as it e-mails them).
  notification: {
    create: {
      async factory(agent) {
        const exported = await agent.get("/api/export/backup?format=json");
        if (exported.status !== 200) throw new Error(`export for a notification failed: ${exported.status}`);
        const list = await agent.get("/api/notifications?limit=1");
        return (list.body as { id: number }[])[0].id;
      },
    },
    snapshot: fromList("/api/notifications?limit=100"),
    update: {},
  },
  // An agent's client invitation (issue 17): only its agent may revoke or resend it (IDOR-10).
  "agent-invitation": {
    role: "agent",
    create: {
      async factory(agent, t) {
        const res = await agent.post("/api/agent/invitations").send({ email: t.uniqueEmail("matrix-invitee") });
        if (res.status !== 201) throw new Error(`creating an invitation failed: ${res.status} ${res.text}`);
        return res.body.id as number;
      },
    },
    snapshot: fromList("/api/agent/invitations?limit=200"),
    update: {},
  },
  personal_documents: typed("/api/personal-documents", {
    title: "Ghana Card",
    category: "legal",
    documentNumber: "GHA-123456789-0",
  }),
};

/** The resources a client owns: what a client's session can create and read back (the agents' are left out). */
export const CLIENT_OWNED_RESOURCES: Record<string, OwnedResource> = Object.fromEntries(
  Object.entries(OWNED_RESOURCES).filter(([, resource]) => !resource.role),
);

export async function createOwned(agent: Agent, name: string, t?: TestApp): Promise<OwnedId> {
  const resource = OWNED_RESOURCES[name];
  if (!resource) throw new Error(`no registry entry for resource "${name}"`);
  if ("factory" in resource.create) {
    if (!t) throw new Error(`creating ${name} needs the test app: createOwned(agent, name, t)`);
    return resource.create.factory(agent, t);
  }
  if ("existing" in resource.create) return resource.create.existing(agent);
  if ("upload" in resource.create) return (await buildAsset(agent, { name: "matrix.pdf" })).id;
  const res = await agent.post(resource.create.path).send(resource.create.body);
  if (res.status !== 201) throw new Error(`creating ${name} failed: ${res.status} ${res.text}`);
  return (res.body as { id: number }).id;
}
