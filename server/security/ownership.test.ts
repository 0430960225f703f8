import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_RULES, PERMISSIONS, checkAccess, requireAccess, type AccessActor } from "../lib/access";
import type { AppError } from "../lib/app-error";
import { startTestApp, type TestApp } from "../test/harness";
import { ACCESS_CASES } from "./access-matrix";
import { OWNED_RESOURCES, createOwned } from "./owned-resources";
import { signUpAgent } from "../features/agents/agents.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ownedRoutes = () => t.routes.filter((r) => r.resource);

describe("ownership matrix (generated from the route registry)", () => {
  it("has a registry entry for every resource a route names", () => {
    const missing = [...new Set(ownedRoutes().map((r) => r.resource!))].filter((name) => !OWNED_RESOURCES[name]);
    expect(missing).toEqual([]);
  });

  it("answers another user 404 — the same body as a missing id — on every verb of every resource, and changes nothing", async () => {
    const clients = { owner: await t.signUp(), other: await t.signUp() };
    // one fresh row per route: lift the freemium caps (test-mode payments apply at once)
    expect((await clients.owner.agent.post("/api/upgrade-plan").send({ planId: "advanced_premium" })).status).toBe(200);
    let agents: typeof clients | undefined;
    const checked: string[] = [];
    for (const route of ownedRoutes()) {
      const resource = OWNED_RESOURCES[route.resource!];
      if (resource.role === "agent") agents ??= { owner: await signUpAgent(t), other: await signUpAgent(t) };
      const { owner, other } = resource.role === "agent" ? agents! : clients;
      const id = await createOwned(owner.agent, route.resource!, t);
      const before = await resource.snapshot(owner.agent, id);
      expect(before, `${route.resource} ${id} readable by its owner`).toBeTruthy();

      const url = route.path.replace(":id", String(id));
      const body = route.method === "put" || route.method === "patch" ? resource.update : {};
      const foreign = await other.agent[route.method](url).send(body);
      expect(foreign.status, `${route.method} ${route.path} as another user`).toBe(404);
      const missing = await owner.agent[route.method](route.path.replace(":id", "2147483000")).send(body);
      expect(missing.status).toBe(404);
      expect(foreign.text, `${route.method} ${route.path}: foreign and missing look the same`).toBe(missing.text);

      expect(await resource.snapshot(owner.agent, id), `${route.method} ${route.path} left the row unchanged`).toEqual(
        before,
      );
      checked.push(`${route.method} ${route.path}`);
    }
    expect(checked.length).toBeGreaterThanOrEqual(20);
  });

  it("never lists another user's rows", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    for (const [name, resource] of Object.entries(OWNED_RESOURCES)) {
      if (!resource.role) await createOwned(owner.agent, name, t);
    }
    for (const path of [
      "/api/assets",
      "/api/beneficiaries",
      "/api/digital-wills",
      "/api/asset-index",
      "/api/online-accounts",
      "/api/financial-assets",
    ]) {
      const res = await other.agent.get(path).query({ userId: owner.user.id });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual([]);
    }
  });
});

const MISSING = 2_147_483_000;

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** The error `requireAccess` throws, or null when it lets the actor through. */
async function denial(actor: AccessActor, permission: (typeof PERMISSIONS)[number], id: number) {
  return requireAccess(t.db, actor, permission, [id]).then(
    () => null,
    (err: AppError) => ({ status: err.status, message: err.message }),
  );
}

describe("access matrix (generated from the access policy)", () => {
  it("has a case for every permission, each naming routes the route table holds", () => {
    expect(Object.keys(ACCESS_CASES).sort()).toEqual(Object.keys(ACCESS_RULES).sort());
    const registered = new Map(t.routes.map((r) => [`${r.method} ${r.path}`, r]));
    for (const [permission, accessCase] of Object.entries(ACCESS_CASES)) {
      for (const route of accessCase.routes) {
        expect(registered.has(route), `${permission}: ${route} is registered`).toBe(true);
        if (route.includes(":id"))
          expect(registered.get(route)?.resource, `${route} is in the 404 matrix`).toBeTruthy();
      }
    }
  });

  it.each(PERMISSIONS)(
    "%s: the owner ∪ its delegates get exactly their ids; strangers, visitors and other delegations nothing; a foreign id is refused like a missing one",
    async (permission) => {
      const accessCase = ACCESS_CASES[permission];
      const owner = await t.signUp();
      const stranger = await t.signUp();
      expect((await owner.agent.post("/api/upgrade-plan").send({ planId: "advanced_premium" })).status).toBe(200);
      const { ids, delegates = [], refused = [] } = await accessCase.arrange(t, owner);
      expect(ids.length, "the case creates at least one row").toBeGreaterThan(0);
      const asked = [...ids, ...refused, MISSING];

      const allowed: AccessActor[] = [...(accessCase.owner ? [{ userId: owner.user.id }] : []), ...delegates];
      for (const actor of allowed) {
        expect(sorted(await checkAccess(t.db, actor, permission, asked)), JSON.stringify(actor)).toEqual(sorted(ids));
        expect(await denial(actor, permission, ids[0])).toBeNull();
      }
      const outsiders: AccessActor[] = [
        { userId: stranger.user.id },
        { userId: null },
        { userId: stranger.user.id, releaseIds: [MISSING] },
        ...(accessCase.owner ? [] : [{ userId: owner.user.id }]),
      ];
      const missing = await denial(allowed[0] ?? outsiders[0], permission, MISSING);
      expect(missing?.status).toBe(404);
      for (const actor of outsiders) {
        expect([...(await checkAccess(t.db, actor, permission, asked))], JSON.stringify(actor)).toEqual([]);
        expect(await denial(actor, permission, ids[0]), JSON.stringify(actor)).toEqual(missing);
      }
    },
  );
});

const FORBIDDEN = {
  userId: 1,
  userType: "admin",
  plan: "professional",
  storageUsed: -1_000_000_000,
  storageLimit: 1e12,
  status: "verified",
  isVerified: true,
  commissionRate: 99,
  id: 999_999,
  __proto__: { isAdmin: true },
};

describe("mass assignment", () => {
  it("takes none of the forbidden fields from any create body", async () => {
    const victim = await t.signUp();
    const { agent, user } = await t.signUp();
    for (const [name, resource] of Object.entries(OWNED_RESOURCES)) {
      if (!("path" in resource.create)) continue;
      const res = await agent
        .post(resource.create.path)
        .send({ ...resource.create.body, ...FORBIDDEN, userId: victim.user.id });
      expect(res.status, name).toBe(201);
      expect(res.body.id, name).not.toBe(999_999);
      expect(res.body.userId, name).toBeUndefined();
      if (name === "beneficiary") expect(res.body.status).toBe("pending");
    }
    const me = await agent.get("/api/user");
    expect(me.body).toMatchObject({ userType: "client", plan: "free", storageLimit: 10485760 });
    const victimRows = await t.db.execute(sql`
      select (select count(*) from beneficiaries where user_id = ${victim.user.id})
           + (select count(*) from digital_wills where user_id = ${victim.user.id})
           + (select count(*) from financial_assets where user_id = ${victim.user.id}) as n`);
    expect(Number(victimRows.rows[0].n)).toBe(0);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(user.id).toBeGreaterThan(0);
  });

  it("takes none of them from any update body either", async () => {
    const { agent } = await t.signUp();
    for (const route of ownedRoutes().filter((r) => r.method === "put" || r.method === "patch")) {
      const id = await createOwned(agent, route.resource!, t);
      const res = await agent[route.method](route.path.replace(":id", String(id))).send({
        ...OWNED_RESOURCES[route.resource!].update,
        ...FORBIDDEN,
      });
      const resource = OWNED_RESOURCES[route.resource!];
      if (resource.transitionOnly) {
        // MASS-06: a state-machine route takes its one field, and a body with anything else changes nothing.
        expect(res.status, `${route.method} ${route.path}`).toBe(400);
        expect((await resource.snapshot(agent, id)) as { status: string }).toMatchObject({ status: "pending" });
        continue;
      }
      expect(res.status, `${route.method} ${route.path}`).toBe(200);
      expect(res.body.id).toBe(id);
      if (route.resource === "beneficiary") expect(res.body.status).toBe("pending");
    }
    expect((await agent.get("/api/user")).body).toMatchObject({ userType: "client", plan: "free" });
  });
});
