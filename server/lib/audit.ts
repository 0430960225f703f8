import type { Request } from "express";
import { auditEvents } from "@shared/schema";
import type { Db } from "../db";
import type { Clock } from "./clock";

export type AuditAction =
  | "login_succeeded"
  | "login_failed"
  | "login_blocked"
  | "password_reset_requested"
  | "password_reset"
  | "admin_promoted"
  | "webhook_signature_failed"
  | "export"
  | "logout"
  | "password_changed"
  | "sessions_revoked"
  | "email_change_requested"
  | "email_changed"
  | "email_change_undone"
  | "profile_updated"
  | "role_chosen"
  | "account_deleted"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "two_factor_failed"
  | "recovery_code_used"
  | "trusted_party_added"
  | "trusted_party_accepted"
  | "trusted_party_revoked"
  | "trusted_party_deleted"
  | "estate_distribution_updated"
  | "passkey_added"
  | "passkey_removed"
  | "passkey_counter_regression"
  | "agent_onboarded"
  | "agent_profile_created"
  | "agent_invitation_sent"
  | "agent_invitation_revoked"
  | "agent_invitation_accepted"
  | "agent_link_ended"
  | "admin_user_viewed"
  | "admin_user_suspended"
  | "admin_user_reactivated"
  | "admin_user_deleted"
  | "admin_agent_verified"
  | "admin_commission_changed";

/**
 * Records a security event once: a row in audit_events (UTC time, actor, action, target, request id, address) and a
 * JSON log line. Never pass secret values in `details`. A failure to record is logged, never turned into an error
 * for the user.
 */
export async function audit(
  ctx: { db: Db; clock: Clock },
  req: Request,
  action: AuditAction,
  opts: { actorId?: number | null; target?: string; details?: Record<string, string | number | boolean> } = {},
): Promise<void> {
  const entry = {
    at: ctx.clock.now(),
    actorId: opts.actorId ?? req.user?.id ?? null,
    action,
    target: opts.target?.slice(0, 128) ?? null,
    requestId: String(req.id ?? "").slice(0, 64) || null,
    ip: (req.ip ?? "").slice(0, 64) || null,
    details: opts.details ?? null,
  };
  req.log?.info({ audit: { ...entry, at: entry.at.toISOString() } }, `audit ${action}`);
  try {
    await ctx.db.insert(auditEvents).values(entry);
  } catch (err) {
    req.log?.warn(
      { err: { message: err instanceof Error ? err.message : String(err) }, action },
      "audit event not recorded",
    );
  }
}
