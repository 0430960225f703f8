import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import * as assets from "@shared/validators/assets";
import * as auth from "@shared/validators/auth";
import * as beneficiaries from "@shared/validators/beneficiaries";
import * as billing from "@shared/validators/billing";
import * as wills from "@shared/validators/wills";
import { startTestApp, type TestApp } from "../test/harness";

const FIELD_NAMES = [
  "email",
  "password",
  "confirmPassword",
  "firstName",
  "lastName",
  "userType",
  "title",
  "content",
  "category",
  "accountName",
  "accountType",
  "name",
  "relationship",
  "assignedToBeneficiary",
  "priority",
  "planId",
  "storageGB",
  "token",
  "setupToken",
  "status",
  "userId",
  "id",
  "__proto__",
  "constructor",
  "description",
  "value",
];
const INJECTION = [
  "' OR '1'='1",
  "1;DROP TABLE users--",
  "$$",
  "\\",
  "%",
  "_",
  "\u0000",
  "<img src=x onerror=alert(1)>",
  "\u202Egnp.exe",
  "𝕳𝖊𝖎𝖗",
];

/** Runs per route; CI keeps the default, a deeper search is `FUZZ_RUNS=500 npx vitest run server/security/fuzz`. */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** Arbitrary JSON bodies biased towards our field names and hostile strings. */
const body = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()),
    fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(...INJECTION),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.array(fc.string()),
    ),
  ),
);

const isSchema = (v: unknown): v is ZodType => typeof v === "object" && v !== null && "safeParse" in v;
const SCHEMAS = Object.entries({ ...assets, ...auth, ...beneficiaries, ...billing, ...wills }).filter(([, v]) =>
  isSchema(v),
) as [string, ZodType][];

describe("validators", () => {
  it("answer success or a validation error for any input, never throw", () => {
    expect(SCHEMAS.length).toBeGreaterThan(10);
    for (const [name, schema] of SCHEMAS) {
      fc.assert(
        fc.property(body, (input) => {
          const result = schema.safeParse(input);
          return result.success || result.error.issues.length > 0;
        }),
        { numRuns: 150 },
      );
      expect(name).toBeTruthy();
    }
  });
});

describe("write endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    "never answer 500 to arbitrary JSON (every JSON write route in the registry)",
    async () => {
      const { agent } = await t.signUp();
      const routes = t.routes.filter((r) => r.method !== "get" && r.body === "json");
      expect(routes.length).toBeGreaterThan(15);
      for (const route of routes) {
        const url = route.path.replace(":id", "1").replace(":token", "x".repeat(43));
        await fc.assert(
          fc.asyncProperty(body, async (input) => {
            const res = await agent[route.method](url)
              .set("Content-Type", "application/json")
              .send(JSON.stringify(input));
            if (res.status >= 500)
              throw new Error(`${route.method.toUpperCase()} ${route.path} answered ${res.status}`);
            return true;
          }),
          { numRuns: FUZZ_RUNS },
        );
      }
      expect((await agent.get("/api/user")).status).toBe(200);
    },
    30_000 + FUZZ_RUNS * 2_000,
  );

  it("never answer 500 to hostile query strings on list routes", async () => {
    const { agent } = await t.signUp();
    for (const path of ["/api/assets", "/api/asset-index", "/api/beneficiaries", "/api/billing/history"]) {
      for (const q of [...INJECTION, "a".repeat(5000)]) {
        const res = await agent.get(path).query({ q, limit: q, offset: q, category: q, kind: q });
        expect(res.status, `${path}?q=${JSON.stringify(q)}`).toBeLessThan(500);
      }
      const arrays = await agent.get(`${path}?limit=1&limit=2&q=a&q=b`);
      expect(arrays.status).toBeLessThan(500);
    }
  });
});
