import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { outboxMessages, users } from "@shared/schema";
import type { TestApp } from "../../test/harness";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;

/**
 * A client who may create triggers (verified e-mail, a plan with `time_triggers`) and one beneficiary of theirs,
 * born on `dateOfBirth`.
 */
export async function triggerOwner(t: TestApp, opts: { dateOfBirth?: string | null } = {}) {
  const owner = await t.signUp({ verified: true });
  await owner.agent.post("/api/upgrade-plan").send({ planId: "basic_premium" }).expect(200);
  const beneficiaryEmail = t.uniqueEmail("kofi");
  const b = await owner.agent.post("/api/beneficiaries").send({
    firstName: "Kofi",
    lastName: "Boateng",
    email: beneficiaryEmail,
    relationship: "child",
    dateOfBirth: opts.dateOfBirth === undefined ? "2010-03-15" : opts.dateOfBirth,
  });
  if (b.status !== 201) throw new Error(`beneficiary: ${b.status} ${b.text}`);
  // The beneficiary's verification e-mail leaves now, so later counts see only what the trigger sends.
  await t.deliverOutbox();
  return { ...owner, beneficiaryId: b.body.id as number, beneficiaryEmail };
}

export type TriggerOwner = Awaited<ReturnType<typeof triggerOwner>>;

/** The release links e-mailed to `address` so far. */
export function releaseLinks(t: TestApp, address: string): string[] {
  return t.smtp
    .to(address)
    .map((m) => m.text.match(/https?:\/\/\S*\/release\/[A-Za-z0-9_-]+/)?.[0])
    .filter((l): l is string => l !== undefined);
}

/** The outbox rows of one kind (what was queued, sent or not). */
export function queued(t: TestApp, kind: string) {
  return t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, kind));
}

/**
 * An owner (with the mobile number given, if any) whose inactivity period starts exactly now, by the test clock,
 * with a 30-day inactivity trigger.
 */
export async function idleOwner(t: TestApp, phone?: string) {
  const o = await triggerOwner(t);
  if (phone) await o.agent.patch("/api/user").send({ phone }).expect(200);
  const start = t.clock.now().getTime();
  await t.db
    .update(users)
    .set({ lastActivityAt: new Date(start) })
    .where(eq(users.id, o.user.id));
  const res = await o.agent
    .post("/api/triggers")
    .send({ beneficiaryId: o.beneficiaryId, triggerType: "inactivity_period", inactivityDays: 30 });
  expect(res.status, res.text).toBe(201);
  return { ...o, triggerId: res.body.id as number, start };
}
