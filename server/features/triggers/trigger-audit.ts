import { auditEvents, triggerEvents } from "@shared/schema";
import type { DbOrTx } from "../../db";

export type TriggerAuditAction =
  | "trigger_created"
  | "trigger_cancelled"
  | "trigger_tested"
  | "trigger_fired"
  | "trigger_completed"
  | "trigger_warning_sent"
  | "release_created"
  | "owner_checked_in";

export type TriggerAuditEntry = {
  at: Date;
  /** Who acted: the owner, or null for the scheduler. */
  actorId: number | null;
  /** Whose estate it is about: what GET /api/activity shows them. */
  subjectUserId: number;
  action: TriggerAuditAction;
  target: string;
  details?: Record<string, string | number | boolean>;
  requestId?: string | null;
  ip?: string | null;
};

/** Audit rows in the event's own transaction (contract: every trigger and release event), one statement. */
export async function auditInTx(tx: DbOrTx, entries: TriggerAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditEvents).values(
    entries.map((e) => ({
      at: e.at,
      actorId: e.actorId,
      subjectUserId: e.subjectUserId,
      action: e.action,
      target: e.target.slice(0, 128),
      requestId: e.requestId?.slice(0, 64) ?? null,
      ip: e.ip?.slice(0, 64) ?? null,
      details: e.details ?? null,
    })),
  );
}

export type NewTriggerEvent = {
  triggerId: number;
  userId: number;
  at: Date;
  kind: "created" | "warning" | "reset" | "fired" | "completed" | "cancelled" | "tested";
  details?: Record<string, unknown>;
};

/** A trigger's history rows, one statement for any number. */
export async function recordTriggerEvents(tx: DbOrTx, events: NewTriggerEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(triggerEvents).values(events.map((e) => ({ ...e, details: e.details ?? null })));
}
