import type supertest from "supertest";
import { buildAsset } from "../test/factories";

type Agent = ReturnType<typeof supertest.agent>;

/**
 * Every owned resource, with how to create one and how its owner reads it back. The ownership matrix and the
 * mass-assignment gate iterate this registry; a route that names a resource missing here fails the suite.
 */
export type OwnedResource = {
  /** POST path and a valid body (JSON) — or a custom creator for uploads. */
  create: { path: string; body: Record<string, unknown> } | { upload: true };
  /** The owner's read of the row, used to prove it is unchanged. */
  snapshot(agent: Agent, id: number): Promise<unknown>;
  /** A valid update body for PUT/PATCH routes. */
  update: Record<string, unknown>;
};

const fromList = (path: string) => async (agent: Agent, id: number) => {
  const res = await agent.get(path);
  return (res.body as { id: number }[]).find((row) => row.id === id);
};

const byId = (path: string) => async (agent: Agent, id: number) => (await agent.get(`${path}/${id}`)).body as unknown;

const typed = (path: string, body: Record<string, unknown>): OwnedResource => ({
  create: { path, body },
  snapshot: byId(path),
  update: { title: "Changed by someone else" },
});

let beneficiarySeq = 0;

export const OWNED_RESOURCES: Record<string, OwnedResource> = {
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
  "digital-will": {
    create: { path: "/api/digital-wills", body: { title: "My will", content: "I leave everything to my children." } },
    snapshot: fromList("/api/digital-wills"),
    update: {},
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
  personal_documents: typed("/api/personal-documents", {
    title: "Ghana Card",
    category: "legal",
    documentNumber: "GHA-123456789-0",
  }),
};

export async function createOwned(agent: Agent, name: string): Promise<number> {
  const resource = OWNED_RESOURCES[name];
  if (!resource) throw new Error(`no registry entry for resource "${name}"`);
  if ("upload" in resource.create) return (await buildAsset(agent, { name: "matrix.pdf" })).id;
  const res = await agent.post(resource.create.path).send(resource.create.body);
  if (res.status !== 201) throw new Error(`creating ${name} failed: ${res.status} ${res.text}`);
  return (res.body as { id: number }).id;
}
