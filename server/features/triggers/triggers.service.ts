import { can } from "@shared/plans";
import type { User } from "@shared/schema";
import { TRIGGER_MESSAGES, type CreateTriggerInput } from "@shared/validators/triggers";
import { runInTransaction } from "../../db";
import type { AppDeps } from "../../deps";
import { AppError, conflict, forbidden, notFound, paymentRequired } from "../../lib/app-error";
import { VERIFY_EMAIL_FIRST } from "../../lib/route-registry";
import { effectivePlan } from "../billing/plan-expiry";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { createReleases } from "./create-releases";
import { firstEvent } from "./next-event";
import { auditInTx, recordTriggerEvents } from "./trigger-audit";
import { sealTriggerField } from "./trigger-secrets";
import * as q from "./triggers.queries";

export type TriggerDeps = Pick<AppDeps, "database" | "keyring" | "clock" | "config" | "logger" | "outbox" | "jobs">;
export type RequestInfo = { requestId?: string | null; ip?: string | null };

export const TRIGGERS_TASK = "triggers";
export const ONLY_CANCEL_MESSAGE = "You can only cancel a trigger";
export const NOT_PENDING_MESSAGE = "Only a pending trigger can be cancelled";
const NO_BIRTH_DATE = "Add the beneficiary's date of birth first: an age milestone counts from it";

function fieldError(path: string, message: string) {
  return new AppError(400, message, [{ path, message }]);
}

/** The rules of creating that need no database: plan, verified e-mail, a date in the future (contract). */
function assertMayCreate(owner: User, input: CreateTriggerInput, now: Date) {
  if (!can({ plan: effectivePlan(owner, now) }, "time_triggers")) {
    throw paymentRequired("Upgrade your plan to use time-based triggers");
  }
  if (!owner.emailVerified) throw forbidden(VERIFY_EMAIL_FIRST);
  if (input.triggerType === "specific_date" && input.triggerDate!.getTime() <= now.getTime()) {
    throw fieldError("triggerDate", TRIGGER_MESSAGES.triggerDate);
  }
}

/**
 * Creates a pending trigger: the beneficiary, file and bundle must be the owner's (400 on the field otherwise), an
 * age milestone needs the beneficiary's date of birth; the message and description are sealed under the owner's
 * data key; the first event (warning or firing) is computed and indexed. A trigger already due is fired at once.
 */
export async function createTrigger(
  deps: TriggerDeps,
  p: { owner: User; input: CreateTriggerInput; request?: RequestInfo },
) {
  const now = deps.clock.now();
  const { input, owner } = p;
  assertMayCreate(owner, input, now);
  const userId = owner.id;
  const row = await runInTransaction(deps.database.db, async (tx) => {
    const beneficiary = await q.findOwnBeneficiary(tx, { userId, id: input.beneficiaryId });
    if (!beneficiary) throw fieldError("beneficiaryId", "Choose a beneficiary from your list");
    if (input.triggerType === "age_milestone" && !beneficiary.dateOfBirth)
      throw fieldError("ageThreshold", NO_BIRTH_DATE);
    if (input.assetId !== undefined && !(await q.ownsFile(tx, { userId, id: input.assetId })))
      throw fieldError("assetId", "Choose one of your own files");
    if (input.assetBundleId !== undefined && !(await q.ownsBundle(tx, { userId, id: input.assetBundleId })))
      throw fieldError("assetBundleId", "Choose one of your own bundles");
    const { lastActivityAt } = (await q.ownerForTrigger(tx, userId))!;
    const timing = {
      triggerType: input.triggerType,
      triggerDate: input.triggerDate ?? null,
      inactivityDays: input.inactivityDays ?? null,
      ageThreshold: input.ageThreshold ?? null,
    };
    const { event, rungsHandled } = firstEvent(timing, {
      now,
      lastActivityAt,
      beneficiaryDateOfBirth: beneficiary.dateOfBirth,
    });
    const id = await q.nextTriggerId(tx);
    const dek = input.message || input.description ? await getOrCreateUserDataKey(tx, deps.keyring, userId) : undefined;
    const sealed = (column: "message" | "description") =>
      dek ? sealTriggerField(dek, { userId, rowId: id }, column, input[column]) : null;
    const created = await q.insertTrigger(tx, {
      id,
      userId,
      beneficiaryId: input.beneficiaryId,
      assetId: input.assetId ?? null,
      assetBundleId: input.assetBundleId ?? null,
      ...timing,
      message: sealed("message"),
      description: sealed("description"),
      requiresVerification: input.requiresVerification,
      verificationMethod: input.verificationMethod,
      status: "pending",
      nextEventAt: event?.at ?? null,
      nextEventKind: event?.kind ?? null,
      warningRung: rungsHandled,
      createdAt: now,
    });
    await recordTriggerEvents(tx, [
      { triggerId: id, userId, at: now, kind: "created", details: { triggerType: input.triggerType } },
    ]);
    await auditInTx(tx, [
      {
        at: now,
        actorId: userId,
        subjectUserId: userId,
        action: "trigger_created",
        target: `trigger:${id}`,
        details: { triggerType: input.triggerType, beneficiaryId: input.beneficiaryId },
        ...p.request,
      },
    ]);
    return created;
  });
  if (row.nextEventAt && row.nextEventAt.getTime() <= now.getTime()) deps.jobs?.kick(TRIGGERS_TASK);
  return getTrigger(deps, { userId, id: row.id });
}

export async function listTriggers(deps: TriggerDeps, p: { userId: number }) {
  const rows = await q.listTriggers(deps.database.db, p.userId);
  return { rows, dek: await dekFor(deps, p.userId, rows) };
}

export async function getTrigger(deps: TriggerDeps, p: { userId: number; id: number }) {
  const db = deps.database.db;
  const row = await q.findTrigger(db, p);
  if (!row) throw notFound();
  const events = await q.eventsOf(db, p);
  return { row, events, dek: await dekFor(deps, p.userId, [row]) };
}

function dekFor(deps: TriggerDeps, userId: number, rows: { message: string | null; description: string | null }[]) {
  if (!rows.some((r) => r.message !== null || r.description !== null)) return Promise.resolve(undefined);
  return getOrCreateUserDataKey(deps.database.db, deps.keyring, userId);
}

/**
 * The owner's one move: pending → cancelled (contract). Any other status asked for → 400; a trigger no longer
 * pending (fired meanwhile, even by another process) → 409; someone else's → 404.
 */
export async function cancelTrigger(
  deps: TriggerDeps,
  p: { userId: number; id: number; status: string; request?: RequestInfo },
) {
  if (p.status !== "cancelled") throw fieldError("status", ONLY_CANCEL_MESSAGE);
  const now = deps.clock.now();
  const owned = { userId: p.userId, id: p.id };
  await runInTransaction(deps.database.db, async (tx) => {
    if (!(await q.cancelIfPending(tx, owned, now))) {
      if ((await q.statusOf(tx, owned)) === undefined) throw notFound();
      throw conflict(NOT_PENDING_MESSAGE);
    }
    await recordTriggerEvents(tx, [{ triggerId: p.id, userId: p.userId, at: now, kind: "cancelled" }]);
    await auditInTx(tx, [
      {
        at: now,
        actorId: p.userId,
        subjectUserId: p.userId,
        action: "trigger_cancelled",
        target: `trigger:${p.id}`,
        ...p.request,
      },
    ]);
  });
  return getTrigger(deps, owned);
}

/**
 * "Test this trigger": the owner alone receives the message the beneficiary would get, marked as a test, with a
 * link to a preview (a release with `isTest`). The trigger itself does not change; nothing is released.
 */
export async function testTrigger(deps: TriggerDeps, p: { userId: number; id: number; request?: RequestInfo }) {
  const now = deps.clock.now();
  await runInTransaction(deps.database.db, async (tx) => {
    const row = await q.findTrigger(tx, p);
    if (!row) throw notFound();
    await createReleases(tx, deps, [row], now, { test: true });
    await recordTriggerEvents(tx, [{ triggerId: p.id, userId: p.userId, at: now, kind: "tested" }]);
  });
}
