import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import * as assets from "@shared/validators/assets";
import * as auth from "@shared/validators/auth";
import * as beneficiaries from "@shared/validators/beneficiaries";
import * as billing from "@shared/validators/billing";
import * as wills from "@shared/validators/wills";
import { stripControl } from "@shared/validators/common";
import { RELATIONSHIPS } from "@shared/relationships";
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
  it("answer success or a validation error with a message for any input, never throw", () => {
    expect(SCHEMAS.length).toBeGreaterThan(10);
    for (const [name, schema] of SCHEMAS) {
      fc.assert(
        fc.property(body, (input) => {
          const result = schema.safeParse(input);
          if (!result.success) {
            for (const issue of result.error.issues) expect(issue.message, name).toMatch(/\S/);
          }
        }),
        { numRuns: 150 },
      );
    }
  });
});

/** Characters no one types on purpose, which every name and title must lose: bidi overrides, zero-width, controls. */
const INVISIBLE_CHARS = ["\u202E", "\u202D", "\u2066", "\u200B", "\u200D", "\uFEFF", "\u0000", "\u0007", "\u001B"];
const VISIBLE_LETTERS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZƐɛƆɔŊŋ'-"];

/** A valid address by the spec's rule, in mixed case and with stray spaces around it. */
const validEmail = fc
  .tuple(
    // the local part: words joined by single separators (never two in a row, never at either end)
    fc.array(fc.tuple(fc.constantFrom(".", "_", "+", "-"), fc.stringMatching(/^[a-z0-9]{1,10}$/)), { maxLength: 2 }),
    fc.stringMatching(/^[a-z0-9]{1,10}$/),
    // the domain: one to three labels (a hyphen only inside one), then a top-level domain of letters
    fc.array(fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom("", "-x", "-2")), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.stringMatching(/^[a-z]{2,6}$/),
    fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
    fc.constantFrom("", " ", "  ", "\t"),
  )
  .map(([words, first, labels, tld, upper, pad]) => {
    const local = first + words.map(([sep, word]) => sep + word).join("");
    const address = `${local}@${[...labels.map(([label, tail]) => label + tail), tld].join(".")}`;
    return pad + [...address].map((c, i) => (upper[i % 64] ? c.toUpperCase() : c)).join("") + pad;
  });

/** A name: visible letters (Ghanaian ones too), with invisible characters and padding mixed in, 1 to 100 visible characters. */
const dirtyName = fc
  .tuple(
    fc.array(fc.constantFrom(...VISIBLE_LETTERS), { minLength: 1, maxLength: 100 }),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVISIBLE_CHARS)), { maxLength: 5 }),
    fc.constantFrom("", " ", "  "),
  )
  .map(([letters, noise, pad]) => {
    const clean = letters.join("");
    const chars = [...clean];
    for (const [at, c] of noise) chars.splice(at % (chars.length + 1), 0, c);
    return { clean, dirty: pad + chars.join("") + pad };
  });

/** A password by the spec's rule: 8 to 256 characters with a lowercase letter, an uppercase letter and a digit. */
const validPassword = fc
  .tuple(
    fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"),
    fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
    fc.constantFrom(..."0123456789"),
    fc.string({ minLength: 5, maxLength: 253 }),
    fc.nat(),
  )
  .map(([lower, upper, digit, rest, at]) => {
    const chars = [...rest];
    for (const c of [lower, upper, digit]) chars.splice(at % (chars.length + 1), 0, c);
    return chars.join("");
  });

/** 8 to 64 characters drawn from two of the three classes the rule asks for (and symbols): never a valid password. */
const passwordMissingAClass = fc
  .constantFrom("abcdefghij!@# ABCDEFGHIJ", "abcdefghij!@# 0123456789", "ABCDEFGHIJ!@# 0123456789")
  .chain((alphabet) => fc.array(fc.constantFrom(...alphabet), { minLength: 8, maxLength: 64 }))
  .map((chars) => chars.join(""));

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("validators against the spec's rules (spec 000 §5)", () => {
  it("accept every registration the rules allow, and store the e-mail trimmed and lower-cased, names cleaned", () => {
    fc.assert(
      fc.property(
        validEmail,
        validPassword,
        dirtyName,
        dirtyName,
        fc.constantFrom(undefined, "client", "agent"),
        fc.boolean(),
        (email, password, first, last, userType, confirm) => {
          const result = auth.registerSchema.safeParse({
            email,
            password,
            firstName: first.dirty,
            lastName: last.dirty,
            ...(userType ? { userType } : {}),
            ...(confirm ? { confirmPassword: password } : {}),
          });
          expect(issuesOf(result)).toEqual([]);
          expect(result.data).toMatchObject({
            email: email.trim().toLowerCase(),
            password,
            firstName: first.clean.trim(),
            lastName: last.clean.trim(),
            userType: userType ?? "client",
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuse a password without an uppercase letter, a lowercase letter or a digit with the spec's message", () => {
    fc.assert(
      fc.property(validEmail, passwordMissingAClass, (email, password) => {
        const result = auth.registerSchema.safeParse({ email, password, firstName: "Ama", lastName: "Mensah" });
        expect(issuesOf(result)).toEqual([["password", auth.AUTH_MESSAGES.passwordRule]]);
      }),
      { numRuns: 300 },
    );
  });

  it("refuse a password under 8 characters, a confirmation that differs and a blank name, each with its message", () => {
    fc.assert(
      fc.property(
        validEmail,
        validPassword,
        fc.string({ minLength: 1, maxLength: 7 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.array(fc.constantFrom(" ", "\t", ...INVISIBLE_CHARS), { maxLength: 6 }),
        (email, password, short, other, blank) => {
          const base = { email, password, firstName: "Ama", lastName: "Mensah" };
          expect(issuesOf(auth.registerSchema.safeParse({ ...base, password: short }))).toContainEqual([
            "password",
            auth.AUTH_MESSAGES.passwordMin,
          ]);
          expect(issuesOf(auth.loginSchema.safeParse({ email, password: short }))).toEqual([
            ["password", auth.AUTH_MESSAGES.passwordMin],
          ]);
          fc.pre(other !== password);
          expect(issuesOf(auth.registerSchema.safeParse({ ...base, confirmPassword: other }))).toEqual([
            ["confirmPassword", auth.AUTH_MESSAGES.confirm],
          ]);
          expect(issuesOf(auth.registerSchema.safeParse({ ...base, firstName: blank.join("") }))).toEqual([
            ["firstName", auth.AUTH_MESSAGES.firstName],
          ]);
          expect(issuesOf(auth.registerSchema.safeParse({ ...base, lastName: blank.join("") }))).toEqual([
            ["lastName", auth.AUTH_MESSAGES.lastName],
          ]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("refuse an address without one @ and a domain, with the spec's message, on every form that takes one", () => {
    const notAnEmail = fc.oneof(
      validEmail.map((e) => e.replace("@", "")),
      validEmail.map((e) => e.replace("@", "@@")),
      validEmail.map((e) => e.slice(0, e.indexOf("@") + 1)),
      validEmail.map((e) => e.slice(e.indexOf("@"))),
      validEmail.map((e) => e.replace(/@.*$/, (domain) => domain.replaceAll(".", ""))),
    );
    fc.assert(
      fc.property(notAnEmail, (email) => {
        expect(issuesOf(auth.forgotPasswordSchema.safeParse({ email }))).toEqual([["email", auth.AUTH_MESSAGES.email]]);
        const beneficiary = { firstName: "Kofi", lastName: "Asante", email, relationship: "child" };
        expect(issuesOf(beneficiaries.createBeneficiarySchema.safeParse(beneficiary))).toEqual([
          ["email", beneficiaries.BENEFICIARY_MESSAGES.email],
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it("take a beneficiary's relationship only from the list, and clean names the same way each time", () => {
    fc.assert(
      fc.property(dirtyName, validEmail, fc.string(), (name, email, relationship) => {
        const input = { firstName: name.dirty, lastName: name.dirty, email, relationship };
        const result = beneficiaries.createBeneficiarySchema.safeParse(input);
        if ((RELATIONSHIPS as readonly string[]).includes(relationship)) {
          expect(issuesOf(result)).toEqual([]);
          expect(result.data?.firstName).toBe(name.clean.trim());
          // cleaning is idempotent: what was stored passes again unchanged
          expect(beneficiaries.createBeneficiarySchema.parse(result.data)).toEqual(result.data);
        } else {
          expect(issuesOf(result)).toEqual([["relationship", beneficiaries.BENEFICIARY_MESSAGES.relationship]]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("accept storage quantities of 1 to 1000 whole GB and refuse every other number with one message", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double(), fc.integer()), (storageGB) => {
        const result = billing.purchaseStorageSchema.safeParse({ storageGB });
        if (Number.isInteger(storageGB) && storageGB >= 1 && storageGB <= 1000) {
          expect(result.data).toEqual({ storageGB });
        } else {
          expect(result.success).toBe(false);
          // a number both fractional (or unsafe) and out of range breaks two rules: both say the one message
          expect(new Set(issuesOf(result).map(String))).toEqual(
            new Set([`storageGB,${billing.BILLING_MESSAGES.storageGB}`]),
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it("save a will whose content has 10 characters or more, and refuse a shorter one with the spec's message", () => {
    fc.assert(
      fc.property(dirtyName, fc.string({ maxLength: 40 }), (title, content) => {
        const result = wills.saveWillSchema.safeParse({ title: title.dirty, content });
        const visible = stripControl(content).trim();
        if (visible.length >= 10) {
          expect(issuesOf(result)).toEqual([]);
          expect(result.data).toEqual({ title: title.clean.trim(), content: visible });
        } else {
          expect(issuesOf(result)).toEqual([["content", wills.WILL_MESSAGES.content]]);
        }
      }),
      { numRuns: 300 },
    );
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
