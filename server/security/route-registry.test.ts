import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTRY_LIMITS } from "../lib/route-registry";
import { startTestApp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Layer = {
  route?: { path: string | RegExp; methods: Record<string, boolean>; stack: { handle: unknown }[] };
};

/** Every method + path Express will actually dispatch, read from the router itself. */
function expressRoutes(app: Express): string[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  return stack
    .filter((l) => l.route && typeof l.route.path === "string")
    .flatMap((l) =>
      Object.keys(l.route!.methods)
        .filter((m) => m !== "_all")
        .map((m) => `${m.toUpperCase()} ${String(l.route!.path)}`),
    );
}

/** The handler chain Express runs for one method + path. */
function expressChain(app: Express, method: string, path: string): unknown[] {
  const stack = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const layer = stack.find((l) => l.route?.path === path && l.route.methods[method]);
  return layer?.route?.stack.map((s) => s.handle) ?? [];
}

const sample = (path: string) => path.replace(/:[A-Za-z]+/g, "1");

describe("route registry", () => {
  it("lists exactly the routes Express serves, so no route escapes the security gates", () => {
    const registered = t.routes.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
    expect(expressRoutes(t.app).sort()).toEqual(registered);
  });

  it("puts the declared limiter in front of the handlers of every route with a registry rate limit", () => {
    const limited = t.routes.filter((r) => r.rateLimit !== undefined && REGISTRY_LIMITS.some((l) => l === r.rateLimit));
    expect(limited.length).toBeGreaterThanOrEqual(6);
    for (const route of limited) {
      const chain = expressChain(t.app, route.method, route.path);
      expect(route.limiter, `${route.method} ${route.path}`).toBeTypeOf("function");
      // after the access and body guards, before the first handler
      expect(chain.indexOf(route.limiter), `${route.method} ${route.path}`).toBe(2);
    }
  });

  it("rate limits every credential and token route", () => {
    const CREDENTIAL_WRITES =
      /^\/api\/(register|login|login\/2fa|2fa\/(totp\/enable|disable)|user\/reauth|auth\/(forgot-password|reset-password|verify-email|resend-verification|promote-admin))$/;
    const credentialPaths = t.routes.filter(
      (r) => (r.method !== "get" && CREDENTIAL_WRITES.test(r.path)) || r.path.includes(":token"),
    );
    expect(credentialPaths.length).toBeGreaterThanOrEqual(12);
    const unlimited = credentialPaths.filter((r) => !r.rateLimited).map((r) => `${r.method} ${r.path}`);
    expect(unlimited).toEqual([]);
  });

  it("names the owned resource of every route with an :id", () => {
    const missing = t.routes.filter((r) => /:id\b/.test(r.path) && !r.resource).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it("refuses every write from another site with 403 before the handler runs (CSRF-01)", async () => {
    const { agent } = await t.signUp();
    const writes = t.routes.filter((r) => r.method !== "get");
    expect(writes.length).toBeGreaterThan(3);
    for (const route of writes) {
      const res = await agent[route.method](sample(route.path)).set("Origin", "https://evil.example").send({});
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      const viaFetchMetadata = await agent[route.method](sample(route.path))
        .set("Sec-Fetch-Site", "cross-site")
        .send({});
      expect(viaFetchMetadata.status, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it("answers 401 on every signed-in route without a session", async () => {
    for (const route of t.routes.filter((r) => r.access !== "public")) {
      const res = await t.request()[route.method](sample(route.path)).send({});
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it("answers 403 to a client on every agent and admin route", async () => {
    const { agent } = await t.signUp();
    for (const route of t.routes.filter((r) => r.access === "agent" || r.access === "admin")) {
      const res = await agent[route.method](sample(route.path)).send({});
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it("refuses text/plain bodies with 415 on every JSON write route (CSRF-02)", async () => {
    const { agent } = await t.signUp();
    for (const route of t.routes.filter((r) => r.method !== "get" && r.body === "json")) {
      const res = await agent[route.method](sample(route.path)).set("Content-Type", "text/plain").send('{"a":1}');
      expect([401, 403, 415], `${route.method} ${route.path}`).toContain(res.status);
      if (route.access === "public" || route.access === "user" || route.access === "client")
        expect(res.status).toBe(415);
    }
  });
});
