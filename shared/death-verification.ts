/**
 * Death verification (spec 001, issue 16): the statuses, document types and the score. The score is computed by the
 * server from the checks with the weights below, published here so the review screen shows the same breakdown.
 */
export const DEATH_VERIFICATION_STATUSES = [
  "pending",
  "in_review",
  "verified",
  "rejected",
  "appealed",
  "completed",
] as const;
export type DeathVerificationStatus = (typeof DEATH_VERIFICATION_STATUSES)[number];

/** Statuses a subject's activity still stops (design/state-machines.md). */
export const OPEN_DEATH_VERIFICATION_STATUSES = ["pending", "in_review", "appealed", "verified"] as const;
/** Statuses an admin decides on: awaiting review, or back for review after an appeal. */
export const REVIEWABLE_DEATH_VERIFICATION_STATUSES = ["pending", "in_review", "appealed"] as const;
/** Days the requestor of a request an admin rejected has to appeal it (spec 001: 30-day appeal waiting period). */
export const APPEAL_DAYS = 30;

export const DOCUMENT_TYPES = [
  "death_certificate",
  "medical_record",
  "obituary",
  "government_id",
  "ghana_card",
  "family_attestation",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The outside sources the reviewing admin asks (a manual provider: what each source confirmed and its reference is
 * recorded by hand, never invented). Ghana Health Service, the Births & Deaths Registry, Ghana Card verification and
 * mobile-money inactivity are the spec's four Ghana sources.
 */
export const SOURCE_CHECKS = [
  "ghanaHealthServiceCheck",
  "birthsDeathsRegistryCheck",
  "ghanaCardVerification",
  "mobileMoneyInactivity",
  "governmentRecordCheck",
  "medicalRecordCheck",
] as const;
export type SourceCheck = (typeof SOURCE_CHECKS)[number];

/** Checks the server derives from the request itself: confirmations by other parties, reviewed documents. */
export const DERIVED_CHECKS = ["familyConfirmation", "documentUpload"] as const;
export type DerivedCheck = (typeof DERIVED_CHECKS)[number];
export type CheckName = SourceCheck | DerivedCheck;

export const CHECK_LABELS: Record<CheckName, string> = {
  ghanaHealthServiceCheck: "Ghana Health Service",
  birthsDeathsRegistryCheck: "Births & Deaths Registry",
  ghanaCardVerification: "Ghana Card Verification",
  mobileMoneyInactivity: "Mobile Money Activity (inactivity pattern)",
  governmentRecordCheck: "Government records",
  medicalRecordCheck: "Medical records",
  familyConfirmation: "Confirmed by another trusted party",
  documentUpload: "Documents reviewed and accepted",
};

/** Points per check, out of 100. */
export const CHECK_WEIGHTS: Record<CheckName, number> = {
  birthsDeathsRegistryCheck: 25,
  ghanaHealthServiceCheck: 20,
  ghanaCardVerification: 10,
  governmentRecordCheck: 10,
  medicalRecordCheck: 10,
  familyConfirmation: 10,
  documentUpload: 10,
  mobileMoneyInactivity: 5,
};

/** A request may be verified at this score or above (spec: at least 80 % confidence). */
export const VERIFY_THRESHOLD = 80;
/** Days between verification and completion, during which any activity of the subject stops it. */
export const WAITING_PERIOD_DAYS = 30;
/** Days a requestor whose request the subject stopped must wait before asking about them again. */
export const REQUEST_BAR_DAYS = 30;
/** Confirmations needed when the subject has at least this many active trusted parties. */
export const CONFIRMATIONS_NEEDED = 2;

export type ScoreBreakdown = { check: CheckName; weight: number; confirmed: boolean }[];

/** The score out of 100 and its breakdown, from which checks hold. */
export function scoreOf(confirmed: Partial<Record<CheckName, boolean>>): { score: number; breakdown: ScoreBreakdown } {
  const breakdown = (Object.keys(CHECK_WEIGHTS) as CheckName[]).map((check) => ({
    check,
    weight: CHECK_WEIGHTS[check],
    confirmed: confirmed[check] === true,
  }));
  const score = breakdown.reduce((sum, b) => sum + (b.confirmed ? b.weight : 0), 0);
  return { score, breakdown };
}

/** A piece of evidence as the API shows it (never its storage key). */
export type DeathVerificationDocumentDto = {
  id: number;
  documentType: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  verificationStatus: string;
  createdAt: string;
};

type RequestFields = {
  id: number;
  requestorType: string;
  rehearsal: boolean;
  status: DeathVerificationStatus | string;
  verificationScore: number;
  waitingPeriodStart: string | null;
  waitingPeriodEnd: string | null;
  appealDeadline: string | null;
  /** When the requestor appealed an admin's rejection (once). */
  appealedAt: string | null;
  createdAt: string;
  subjectUserId: number;
  subjectName: string;
} & Record<CheckName, boolean>;

/** `GET /api/death-verification/requests`: one request as its subject, its requestor or a party asked sees it. */
export type DeathVerificationRequestDto = RequestFields & {
  role: "subject" | "requestor" | "party";
  confirmationCount: number;
  myDecision: string | null;
  canConfirm: boolean;
  /** The requestor may appeal now: an admin rejected it, never appealed, before `appealDeadline`. */
  canAppeal: boolean;
  documents: DeathVerificationDocumentDto[];
  /** The reason of a rejection (to the subject and the requestor, while rejected or appealed). */
  notes: string | null;
  /** The requestor's reason for their appeal (to the subject and the requestor). */
  appealReason: string | null;
};

/** `GET /api/admin/death-verifications`: one request in the review queue. */
export type DeathVerificationReviewDto = RequestFields & {
  subjectEmail: string;
  requestorName: string | null;
  documents: (DeathVerificationDocumentDto & { verificationNotes: string | null })[];
  confirmations: { partyName: string; decision: string; createdAt: string }[];
  activeParties: number;
  confirmationsNeeded: number;
  checks: Partial<Record<SourceCheck, { confirmed: boolean; reference: string | null }>>;
  breakdown: ScoreBreakdown;
  reviewedAt: string | null;
  /** The admin's notes: while `appealed`, the reason of the rejection being appealed. */
  notes: string | null;
  appealReason: string | null;
};
