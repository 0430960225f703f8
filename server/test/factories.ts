import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Agent } from "supertest";
import type { TypedAssetKind } from "@shared/asset-types";
import { MB, PLANS, type PlanId } from "@shared/plans";
import { users } from "@shared/schema";
import { fileOf, upload } from "./files";
import type { TestApp } from "./harness";
import { SAMPLES } from "./typed-asset-samples";

/**
 * Test factories in Outline's style (`server/test/factories.ts`): every row is made through the real API, as the
 * person would make it, so the invariants the services keep (owner counts, encrypted fields, quotas, plan limits)
 * hold for test data too. Each answers what the API answered.
 */

export type Account = Awaited<ReturnType<TestApp["signUp"]>>;
type Row = { id: number } & Record<string, unknown>;

/** A signed-up client (or `userType`) on its own cookie jar; on `plan` when given (set directly, as an admin would). */
export async function buildUser(
  t: TestApp,
  options: Parameters<TestApp["signUp"]>[0] & { plan?: PlanId } = {},
): Promise<Account> {
  const { plan, ...fields } = options;
  const account = await t.signUp(fields);
  if (plan) await setPlan(t, account.user.id, plan);
  return account;
}

/** Signs up `n` clients one after another, before a test sends anything in parallel. */
export async function buildUsers(t: TestApp, n: number): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let i = 0; i < n; i += 1) accounts.push(await buildUser(t));
  return accounts;
}

/** Puts the user on `plan` with that plan's storage, without a payment. */
export async function setPlan(t: TestApp, userId: number, plan: PlanId): Promise<void> {
  const storageLimit = PLANS[plan].limits.baseStorageMB * MB;
  await t.db.update(users).set({ plan, storageLimit }).where(eq(users.id, userId));
}

function created(what: string, res: { status: number; text: string; body: unknown }): Row {
  if (res.status !== 201) throw new Error(`creating ${what} failed: ${res.status} ${res.text}`);
  const body = res.body as Row | Row[];
  return Array.isArray(body) ? body[0] : body;
}

let beneficiarySeq = 0;

/** POST /api/beneficiaries. A new address each time: one address may receive only a few e-mails an hour (ABUSE-03). */
export async function buildBeneficiary(agent: Agent, overrides: Record<string, unknown> = {}): Promise<Row> {
  const body = {
    firstName: "Kofi",
    lastName: "Mensah",
    email: `kofi.${++beneficiarySeq}.${randomBytes(3).toString("hex")}@example.com`,
    relationship: "child",
    ...overrides,
  };
  return created("a beneficiary", await agent.post("/api/beneficiaries").send(body));
}

/** POST /api/digital-wills. */
export async function buildWill(agent: Agent, overrides: Record<string, unknown> = {}): Promise<Row> {
  const body = { title: "My will", content: "I leave everything to my children.", ...overrides };
  return created("a will", await agent.post("/api/digital-wills").send(body));
}

/** POST /api/assets/upload of one small PDF (or `data`); answers the uploaded file's row. */
export async function buildAsset(
  agent: Agent,
  options: { name?: string; data?: Buffer; fields?: Record<string, string> } = {},
): Promise<Row> {
  const file = { name: options.name ?? "document.pdf", data: options.data ?? fileOf("pdf") };
  return created("an uploaded file", await upload(agent, [file], options.fields ?? { category: "documents" }));
}

/** POST to the kind's path with its sample body (every sensitive field set, `typed-asset-samples.ts`) and `overrides`. */
export async function buildTypedAsset(
  agent: Agent,
  kind: TypedAssetKind,
  overrides: Record<string, unknown> = {},
): Promise<Row> {
  const sample = SAMPLES[kind];
  return created(kind, await agent.post(sample.path).send({ ...sample.body, ...overrides }));
}

export const XSS = "<img src=x onerror=alert(1)>";
export const GHANAIAN = { firstName: "Ɛsi", lastName: "Ŋkansah-Ɔsɛi" };

/**
 * An estate with some of everything: 2 beneficiaries (one with Akan letters, one with an XSS payload), 2 will
 * versions, one record of every typed kind with its sensitive fields set and some assigned, and 2 uploaded files with
 * the same name. Answers the ids the tests refer to.
 */
export async function buildEstate(agent: Agent) {
  const ama = await buildBeneficiary(agent, { ...GHANAIAN, relationship: "child" });
  await buildBeneficiary(agent, { firstName: XSS, lastName: "Test", relationship: "friend" });
  await buildWill(agent, { title: "First will", content: "Everything to Ɛsi, my daughter." });
  await buildWill(agent, {
    title: `Last will of Kwabena ${XSS}`,
    content: `My house goes to Ɛsi Ŋkansah-Ɔsɛi.\n\nBooks to ${XSS}.`,
  });
  for (const [i, kind] of (Object.keys(SAMPLES) as TypedAssetKind[]).entries()) {
    await buildTypedAsset(agent, kind, { assignedToBeneficiary: i % 2 === 0 ? ama.id : null });
  }
  const files = [fileOf("pdf", 3000), fileOf("pdf", 5000)];
  for (const [i, data] of files.entries()) {
    const fields: Record<string, string> = { category: "documents", description: `copy ${i + 1}` };
    if (i === 0) fields.assignedToBeneficiary = String(ama.id);
    await buildAsset(agent, { name: "Report.pdf", data, fields });
  }
  return { amaId: ama.id, files };
}
