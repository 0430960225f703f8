import type { TriggerEvent } from "@shared/schema";
import type { TriggerStatus, TriggerType, VerificationMethod } from "@shared/release-kinds";
import type { TriggerDto } from "@shared/trigger-types";
import { openTriggerField } from "./trigger-secrets";
import type { TriggerRow } from "./triggers.queries";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The contract's trigger: an explicit list; the message and description decrypted for the owner only. */
export function presentTrigger(row: TriggerRow, dek: Buffer | undefined, events?: TriggerEvent[]): TriggerDto {
  const owner = { userId: row.userId, rowId: row.id };
  const pending = row.status === "pending" && row.nextEventAt && row.nextEventKind;
  return {
    id: row.id,
    beneficiaryId: row.beneficiaryId,
    beneficiaryName: `${row.beneficiaryFirstName} ${row.beneficiaryLastName}`.trim(),
    assetId: row.assetId,
    assetBundleId: row.assetBundleId,
    triggerType: row.triggerType as TriggerType,
    triggerDate: iso(row.triggerDate),
    inactivityDays: row.inactivityDays,
    ageThreshold: row.ageThreshold,
    message: openTriggerField(dek, owner, "message", row.message),
    requiresVerification: row.requiresVerification,
    verificationMethod: row.verificationMethod as VerificationMethod,
    description: openTriggerField(dek, owner, "description", row.description),
    status: row.status as TriggerStatus,
    nextEvent: pending ? { kind: row.nextEventKind as "warning" | "fire", at: row.nextEventAt!.toISOString() } : null,
    createdAt: row.createdAt.toISOString(),
    triggeredAt: iso(row.triggeredAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    ...(events
      ? {
          events: events.map((e) => ({
            at: e.at.toISOString(),
            kind: e.kind,
            details: (e.details as Record<string, unknown> | null) ?? null,
          })),
        }
      : {}),
  };
}
