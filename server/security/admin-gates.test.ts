import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { buildAdmin, buildAgentAccount } from "../features/admin/admin.test-support";
import { createTestRelease } from "../features/releases/releases.test-support";
import { buildAsset, buildEstate } from "../test/factories";
import { startTestApp, type TestApp } from "../test/harness";
import { CANARY } from "../test/typed-asset-samples";

/**
 * IDOR-11 and the admin console's secrets walk, generated from the route registry: every `/api/admin/*` route is an
 * `admin` route; it answers 401 to a visitor and to a release session, 403 to a client, an agent and a trusted
 * party, and 403 with the contract's message to an admin without a
 * second factor. No admin answer carries a user's decrypted field or file content.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const adminRoutes = () => t.routes.filter((r) => r.path.startsWith("/api/admin"));
const sample = (path: string, id: number | string = 1) => path.replace(/:[A-Za-z]+/g, String(id));
type Caller = ReturnType<TestApp["agent"]>;

async function expectEveryAdminRoute(caller: Caller, status: number, who: string, body?: object) {
  for (const route of adminRoutes()) {
    const res = await caller[route.method](sample(route.path)).send({});
    expect(res.status, `${who}: ${route.method} ${route.path}`).toBe(status);
    if (body) expect(res.body, `${who}: ${route.method} ${route.path}`).toEqual(body);
  }
}

/** A person who accepted a trusted-party invitation: a signed-in account acting for someone else. */
async function trustedParty() {
  const owner = await t.signUp({ verified: true });
  const person = await t.signUp({ verified: true });
  await owner.agent
    .post("/api/enhanced-trusted-parties")
    .send({ trustedPersonName: "Kofi Boateng", trustedPersonEmail: person.user.email, relationship: "sibling" })
    .expect(201);
  await t.deliverOutbox();
  const token = t.smtp.linkFor(person.user.email, "/trusted-party/")!.split("/").pop()!;
  await person.agent.post("/api/trusted-party-invitations/accept").send({ token }).expect(200);
  return person;
}

/** A release session on the given cookie jar (a beneficiary who opened their link). */
async function openRelease(caller: Caller) {
  const owner = await t.signUp();
  const file = await buildAsset(owner.agent);
  const release = await createTestRelease(t, { ownerId: owner.user.id, items: [{ kind: "file", id: file.id }] });
  await caller.post("/api/releases/open").send({ token: release.token }).expect(200);
}

describe("admin routes (IDOR-11, generated from the route registry)", () => {
  it("declares every /api/admin route through the registry with the admin access rule", () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(10);
    expect(adminRoutes().filter((r) => r.access !== "admin")).toEqual([]);
  });

  it("answers 401 to a visitor and to a release session without an account", async () => {
    await expectEveryAdminRoute(t.agent(), 401, "visitor", { message: "Unauthorized" });
    const releaseOnly = t.agent();
    await openRelease(releaseOnly);
    await expectEveryAdminRoute(releaseOnly, 401, "release session");
  });

  it("answers 403 to a client, an agent with two-factor on and a trusted party", async () => {
    await expectEveryAdminRoute((await t.signUp()).agent, 403, "client");
    await expectEveryAdminRoute((await buildAgentAccount(t)).agent, 403, "agent");
    await expectEveryAdminRoute((await trustedParty()).agent, 403, "trusted party");
  });

  it("answers 401 to a signed-in user who then opens a release link (the release session replaces the account's)", async () => {
    const beneficiary = await t.signUp();
    await openRelease(beneficiary.agent);
    await expectEveryAdminRoute(beneficiary.agent, 401, "beneficiary with a release session");
  });

  it("answers an admin without a second factor the contract's 403 on every admin route", async () => {
    const { agent } = await buildAdmin(t, { twoFactor: false });
    await expectEveryAdminRoute(agent, 403, "admin without 2FA", { message: TWO_FACTOR_MESSAGES.requiredForRole });
  });
});

describe("admin answers carry no decrypted field (secrets walk)", () => {
  it("walks every admin GET about a user with canaries in every sensitive field and file", async () => {
    const victim = await t.signUp({ verified: true });
    await victim.agent.post("/api/upgrade-plan").send({ planId: "advanced_premium" }).expect(200);
    await buildEstate(victim.agent);
    await victim.agent
      .post("/api/digital-wills")
      .send({ title: "Will", content: `${CANARY}-will-content` })
      .expect(201);
    await buildAsset(victim.agent, { name: "canary.pdf", data: Buffer.from(`%PDF-1.4\n%${CANARY}-file\n%%EOF\n`) });
    await victim.agent
      .post("/api/enhanced-trusted-parties")
      .send({
        trustedPersonName: "Esi Canary",
        trustedPersonEmail: t.uniqueEmail("tp"),
        relationship: "friend",
        ghanaCardNumber: "GHA-739182645-3",
        trustedPersonPhone: "+233209876543",
      })
      .expect(201);
    const { agent } = await buildAdmin(t);
    const bodies: string[] = [];
    // Evidence a requestor uploaded for a death verification is for the reviewing admin to read (issue 16): its
    // download is the one admin GET that serves a file, and it serves only that evidence (reports-and-review.test.ts)
    const EVIDENCE = "/api/admin/death-verifications/:requestId/documents/:documentId";
    const gets = adminRoutes().filter((r) => r.method === "get" && r.path !== EVIDENCE);
    expect(adminRoutes().filter((r) => r.method === "get" && r.path === EVIDENCE)).toHaveLength(1);
    expect(gets.length).toBeGreaterThanOrEqual(6);
    for (const route of gets) {
      const res = await agent.get(sample(route.path, victim.user.id)).query({ q: victim.user.email });
      expect(res.status, route.path).toBe(200);
      bodies.push(res.text);
    }
    const all = bodies.join("\n");
    expect(all).toContain(victim.user.email);
    for (const secret of [CANARY, "739182645", "209876543", "$argon2", "Report.pdf", "canary.pdf", "blobs/"]) {
      expect(all, secret).not.toContain(secret);
    }
  });
});
