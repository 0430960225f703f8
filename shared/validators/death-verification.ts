import { z } from "zod";
import { DOCUMENT_TYPES, SOURCE_CHECKS, type SourceCheck } from "../death-verification";
import { optionalText, requiredText } from "./common";
import { TRUSTED_RELATIONSHIPS } from "./trusted-parties";

export const DEATH_VERIFICATION_MESSAGES = {
  created: "Death verification request created",
  createFailed: "Failed to create verification request",
  requestorType: "Choose who is asking",
  subject: "Choose the person this request is about",
  email: "Valid email is required",
  name: "Full name is required",
  relationship: "Relationship is required",
  documentType: "Choose the document type",
  decision: "Choose confirm or deny",
  reviewDecision: "Choose verify or reject",
  reference: "Enter the reference the source gave",
  appealReason: "Explain why the decision should be reviewed again",
  appealed: "Your appeal was sent. The request is back with the reviewers.",
  reportSent: "If an account matches, we will be in touch. Please confirm your e-mail: we sent you a link.",
} as const;

const M = DEATH_VERIFICATION_MESSAGES;
const flag = z.boolean().optional();
const email = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().max(254, { error: message }).email({ error: message });

/**
 * `POST /api/death-verification/request`. Unknown keys are dropped: `status`, `verificationScore` and the waiting
 * period move only through their transitions (MASS-06). Without `subjectUserId` the signed-in owner rehearses.
 */
export const createDeathVerificationRequestSchema = z.object({
  subjectUserId: z.number({ error: M.subject }).int({ error: M.subject }).positive({ error: M.subject }).optional(),
  requestorType: z.enum(["trusted_party", "family_member"], { error: M.requestorType }),
  governmentRecordCheck: flag,
  medicalRecordCheck: flag,
  familyConfirmation: flag,
  documentUpload: flag,
  ghanaHealthServiceCheck: flag,
  birthsDeathsRegistryCheck: flag,
  ghanaCardVerification: flag,
  mobileMoneyInactivity: flag,
});
export type CreateDeathVerificationRequestInput = z.infer<typeof createDeathVerificationRequestSchema>;

/** `POST /api/death-verification/report`: a family member reports a death (public). */
export const deathReportSchema = z.object({
  subjectEmail: email(M.email),
  reporterName: requiredText(M.name, 200),
  reporterEmail: email(M.email),
  relationship: z.enum(TRUSTED_RELATIONSHIPS, { error: M.relationship }),
});
export type DeathReportInput = z.infer<typeof deathReportSchema>;

/** The reporter's confirmation: the token from the e-mailed link. */
export const confirmDeathReportSchema = z.object({ token: z.string().min(1).max(100) });

/** The text fields of the evidence upload (multipart). */
export const uploadDocumentSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: M.documentType }),
});

export const confirmDeathVerificationSchema = z.object({
  decision: z.enum(["confirm", "deny"], { error: M.decision }),
});
export type ConfirmDeathVerificationInput = z.infer<typeof confirmDeathVerificationSchema>;

const recordedCheck = z
  .object({
    confirmed: z.boolean(),
    reference: optionalText(200),
  })
  .refine((c) => !c.confirmed || c.reference !== undefined, { error: M.reference, path: ["reference"] });

/**
 * The admin's review: what each source confirmed (with its reference: a confirmation without one is refused), the
 * verdict on each uploaded document, the decision and notes. The score is the server's, never the body's.
 */
export const reviewDeathVerificationSchema = z.object({
  checks: z.partialRecord(z.enum(SOURCE_CHECKS), recordedCheck).default({}),
  documents: z
    .array(
      z.object({
        id: z.number().int().positive(),
        status: z.enum(["verified", "rejected"]),
        notes: optionalText(1000),
      }),
    )
    .max(50)
    .default([]),
  decision: z.enum(["verify", "reject"], { error: M.reviewDecision }),
  notes: optionalText(2000),
});
export type ReviewDeathVerificationInput = z.infer<typeof reviewDeathVerificationSchema>;
export type RecordedChecksInput = Partial<Record<SourceCheck, { confirmed: boolean; reference?: string }>>;

/** `POST /api/death-verification/requests/:id/appeal`: the requestor's reason (more evidence goes through uploads). */
export const appealDeathVerificationSchema = z.object({
  reason: requiredText(M.appealReason, 2000),
});
export type AppealDeathVerificationInput = z.infer<typeof appealDeathVerificationSchema>;
