import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { unnest } from "../../db/unnest";

export type TriggerAuditAction =
  | "trigger_created"
  | "trigger_cancelled"
  | "trigger_tested"
  | "trigger_fired"
  | "trigger_completed"
  | "trigger_warning_sent"
  | "release_created"
  | "owner_checked_in"
  | "death_verification_requested"
  | "death_verification_answered"
  | "death_verification_document_added"
  | "death_verification_verified"
  | "death_verification_rejected"
  | "death_verification_appealed"
  | "death_verification_stopped"
  | "death_verification_completed"
  | "estate_distribution_started"
  | "estate_distribution_released"
  | "estate_distribution_legal_review_done"
  | "estate_distribution_completed";

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

/**
 * Audit rows in the event's own transaction (contract: every trigger and release event): one `INSERT … SELECT FROM
 * unnest(…)` for any number of them, one array parameter per column.
 */
export async function auditInTx(tx: DbOrTx, entries: TriggerAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.execute(sql`
    insert into audit_events (at, actor_id, subject_user_id, action, target, request_id, ip, details)
    select * from ${unnest([
      [entries.map((e) => e.at), "timestamptz"],
      [entries.map((e) => e.actorId), "int"],
      [entries.map((e) => e.subjectUserId), "int"],
      [entries.map((e) => e.action), "varchar"],
      [entries.map((e) => e.target.slice(0, 128)), "varchar"],
      [entries.map((e) => e.requestId?.slice(0, 64) ?? null), "varchar"],
      [entries.map((e) => e.ip?.slice(0, 64) ?? null), "varchar"],
      [entries.map((e) => e.details ?? null), "jsonb"],
    ])}`);
}

export type NewTriggerEvent = {
  triggerId: number;
  userId: number;
  at: Date;
  kind: "created" | "warning" | "reset" | "fired" | "completed" | "cancelled" | "tested";
  details?: Record<string, unknown>;
};

/** A trigger's history rows: one `INSERT … SELECT FROM unnest(…)` for any number. */
export async function recordTriggerEvents(tx: DbOrTx, events: NewTriggerEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`
    insert into trigger_events (trigger_id, user_id, at, kind, details)
    select * from ${unnest([
      [events.map((e) => e.triggerId), "int"],
      [events.map((e) => e.userId), "int"],
      [events.map((e) => e.at), "timestamptz"],
      [events.map((e) => e.kind), "varchar"],
      [events.map((e) => e.details ?? null), "jsonb"],
    ])}`);
}
