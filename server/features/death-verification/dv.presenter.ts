import type { DeathVerificationDocument, DeathVerificationRequest } from "@shared/schema";
import {
  CONFIRMATIONS_NEEDED,
  scoreOf,
  type CheckName,
  type DeathVerificationDocumentDto,
  type DeathVerificationRequestDto,
  type DeathVerificationReviewDto,
} from "@shared/death-verification";
import type { ConfirmationRow } from "./dv.queries";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A document's metadata: never its blob key. */
export function presentDocument(d: DeathVerificationDocument): DeathVerificationDocumentDto {
  return {
    id: d.id,
    documentType: d.documentType,
    fileName: d.fileName,
    fileSize: d.fileSize,
    mimeType: d.mimeType,
    verificationStatus: d.verificationStatus,
    createdAt: d.createdAt.toISOString(),
  };
}

const FLAG_FIELDS = [
  "governmentRecordCheck",
  "medicalRecordCheck",
  "familyConfirmation",
  "documentUpload",
  "ghanaHealthServiceCheck",
  "birthsDeathsRegistryCheck",
  "ghanaCardVerification",
  "mobileMoneyInactivity",
] as const;

/** The fields every viewer of a request may see (allow-list). */
function base(r: DeathVerificationRequest) {
  return {
    id: r.id,
    requestorType: r.requestorType,
    rehearsal: r.rehearsal,
    status: r.status,
    verificationScore: r.verificationScore,
    ...(Object.fromEntries(FLAG_FIELDS.map((f) => [f, r[f]])) as Record<CheckName, boolean>),
    waitingPeriodStart: iso(r.waitingPeriodStart),
    waitingPeriodEnd: iso(r.waitingPeriodEnd),
    appealDeadline: iso(r.appealDeadline),
    appealedAt: iso(r.appealedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

export type ViewerRole = "subject" | "requestor" | "party";

/**
 * A request as `GET /api/death-verification/requests` shows it. The subject and the requestor see its documents'
 * metadata and the reason of a rejection; a party asked to confirm sees the request, whether it may still answer and
 * its own answer, never the evidence (IDOR-08).
 */
export function presentRequest(
  r: DeathVerificationRequest,
  v: {
    role: ViewerRole;
    subjectName: string;
    documents: DeathVerificationDocument[];
    confirmations: ConfirmationRow[];
    myDecision: string | null;
    canConfirm: boolean;
    canAppeal: boolean;
    notes: string | null;
    appealReason: string | null;
  },
): DeathVerificationRequestDto {
  const seesEvidence = v.role !== "party";
  return {
    ...base(r),
    role: v.role,
    subjectUserId: r.userId,
    subjectName: v.subjectName,
    confirmationCount: v.confirmations.filter((c) => c.decision === "confirm").length,
    myDecision: v.myDecision,
    canConfirm: v.canConfirm,
    canAppeal: v.role === "requestor" && v.canAppeal,
    documents: seesEvidence ? v.documents.map(presentDocument) : [],
    notes: seesEvidence && (r.status === "rejected" || r.status === "appealed") ? v.notes : null,
    appealReason: seesEvidence ? v.appealReason : null,
  };
}

/** The admin queue: metadata, documents, confirmations, recorded checks and the score breakdown. */
export function presentForReview(
  r: DeathVerificationRequest,
  v: {
    subjectName: string;
    subjectEmail: string;
    requestorName: string | null;
    documents: DeathVerificationDocument[];
    confirmations: ConfirmationRow[];
    activeParties: number;
    derived: Partial<Record<CheckName, boolean>>;
    notes: string | null;
    appealReason: string | null;
  },
): DeathVerificationReviewDto {
  const recorded = r.checks ?? {};
  const confirmed: Partial<Record<CheckName, boolean>> = { ...v.derived };
  for (const [name, c] of Object.entries(recorded)) confirmed[name as CheckName] = c.confirmed;
  return {
    ...base(r),
    subjectUserId: r.userId,
    subjectName: v.subjectName,
    subjectEmail: v.subjectEmail,
    requestorName: v.requestorName,
    documents: v.documents.map((d) => ({ ...presentDocument(d), verificationNotes: d.verificationNotes })),
    confirmations: v.confirmations.map((c) => ({
      partyName: c.partyName,
      decision: c.decision,
      createdAt: c.createdAt.toISOString(),
    })),
    activeParties: v.activeParties,
    confirmationsNeeded: v.activeParties >= CONFIRMATIONS_NEEDED ? CONFIRMATIONS_NEEDED : 0,
    checks: recorded,
    breakdown: scoreOf(confirmed).breakdown,
    reviewedAt: iso(r.reviewedAt),
    notes: v.notes,
    appealReason: v.appealReason,
  };
}
