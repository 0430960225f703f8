import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { enhancedTrustedParties } from "./trusted-parties";
import { users } from "./users";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/** What the reviewing admin recorded for one source: what it confirmed and the reference it gave. */
export type RecordedCheck = { confirmed: boolean; reference: string | null };

/**
 * A death verification request about `userId` (the subject), spec 001 "Death verification request". Status moves by
 * design/state-machines.md only, each move a conditional update; `rehearsal` marks the subject's own drill, which
 * never releases anything. The reporter's name and e-mail (a family report) and the admin's notes are ciphertext
 * under the subject's data key.
 */
export const deathVerificationRequests = pgTable(
  "death_verification_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The account that asked: a trusted party, or the subject for a rehearsal; null for a family reporter. */
    requestorId: integer("requestor_id").references(() => users.id, { onDelete: "set null" }),
    /** The trusted-party row the requestor acted through. */
    requestorPartyId: integer("requestor_party_id").references(() => enhancedTrustedParties.id, {
      onDelete: "set null",
    }),
    requestorType: varchar("requestor_type", { length: 16 }).notNull(),
    reporterName: text("reporter_name"),
    reporterEmail: text("reporter_email"),
    /** SHA-256 of the reporter's lower-cased address: the 30-day bar after a veto, without decrypting. */
    reporterEmailHash: varchar("reporter_email_hash", { length: 64 }),
    rehearsal: boolean("rehearsal").notNull().default(false),
    governmentRecordCheck: boolean("government_record_check").notNull().default(false),
    medicalRecordCheck: boolean("medical_record_check").notNull().default(false),
    familyConfirmation: boolean("family_confirmation").notNull().default(false),
    documentUpload: boolean("document_upload").notNull().default(false),
    ghanaHealthServiceCheck: boolean("ghana_health_service_check").notNull().default(false),
    birthsDeathsRegistryCheck: boolean("births_deaths_registry_check").notNull().default(false),
    ghanaCardVerification: boolean("ghana_card_verification").notNull().default(false),
    mobileMoneyInactivity: boolean("mobile_money_inactivity").notNull().default(false),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    verificationScore: smallint("verification_score").notNull().default(0),
    /** The admin's record per source check (shared/death-verification.ts names them). */
    checks: jsonb("checks").$type<Record<string, RecordedCheck>>(),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: instant("reviewed_at"),
    notes: text("notes"),
    /** `admin` or `subject_activity`: only an admin's rejection can be appealed. */
    rejectedBy: varchar("rejected_by", { length: 16 }),
    /** When it was rejected: the same requestor may not ask about the subject again for 30 days after. */
    rejectedAt: instant("rejected_at"),
    waitingPeriodStart: instant("waiting_period_start"),
    waitingPeriodEnd: instant("waiting_period_end"),
    /** When the next waiting-period reminder is due (weekly, and 2 days before the end); null when none is left. */
    nextReminderAt: instant("next_reminder_at"),
    remindersSent: smallint("reminders_sent").notNull().default(0),
    /** Until when the requestor may appeal an admin's rejection; null when it cannot be appealed (any more). */
    appealDeadline: instant("appeal_deadline"),
    /** When the requestor appealed: a request is appealed once, and a rejection after it is final. */
    appealedAt: instant("appealed_at"),
    /** The requestor's reason for the appeal: ciphertext under the subject's data key, like `notes`. */
    appealReason: text("appeal_reason"),
    legalReviewRequired: boolean("legal_review_required").notNull().default(false),
    complianceNotes: text("compliance_notes"),
    completedAt: instant("completed_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("death_verification_requests_user_idx").on(t.userId, t.status),
    index("death_verification_requests_requestor_idx").on(t.requestorId),
    index("death_verification_requests_reporter_idx").on(t.reporterEmailHash),
    index("death_verification_requests_waiting_idx").on(t.status, t.waitingPeriodEnd),
    index("death_verification_requests_reminder_idx").on(t.nextReminderAt),
  ],
);
export type DeathVerificationRequest = typeof deathVerificationRequests.$inferSelect;

/** Evidence a requestor uploaded: the blob is encrypted like an uploaded file, bound to the subject and its name. */
export const deathVerificationDocuments = pgTable(
  "death_verification_documents",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => deathVerificationRequests.id, { onDelete: "cascade" }),
    /** The subject: whose data key and blob context the file is under. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    documentType: varchar("document_type", { length: 32 }).notNull(),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    /** The blob key (`blobs/<hex>`): never leaves the server. */
    filePath: varchar("file_path", { length: 80 }).notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    mimeType: varchar("mime_type", { length: 100 }).notNull(),
    verificationStatus: varchar("verification_status", { length: 16 }).notNull().default("pending"),
    verificationNotes: text("verification_notes"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("death_verification_documents_request_idx").on(t.requestId),
    index("death_verification_documents_user_idx").on(t.userId),
  ],
);
export type DeathVerificationDocument = typeof deathVerificationDocuments.$inferSelect;

/** One trusted party's answer to a request: unique per request and party, so a second answer is a 409. */
export const deathVerificationConfirmations = pgTable(
  "death_verification_confirmations",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => deathVerificationRequests.id, { onDelete: "cascade" }),
    partyId: integer("party_id")
      .notNull()
      .references(() => enhancedTrustedParties.id, { onDelete: "cascade" }),
    personId: integer("person_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    decision: varchar("decision", { length: 8 }).notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("death_verification_confirmations_once_idx").on(t.requestId, t.partyId),
    index("death_verification_confirmations_person_idx").on(t.personId),
  ],
);
export type DeathVerificationConfirmation = typeof deathVerificationConfirmations.$inferSelect;

/**
 * A public death report waiting for its reporter to confirm their e-mail. `subjectUserId` is null when no account has
 * the named address: the reporter is answered the same way, and confirming creates nothing.
 */
export const deathReports = pgTable(
  "death_reports",
  {
    id: serial("id").primaryKey(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    subjectUserId: integer("subject_user_id").references(() => users.id, { onDelete: "cascade" }),
    reporterName: text("reporter_name"),
    reporterEmail: text("reporter_email"),
    reporterEmailHash: varchar("reporter_email_hash", { length: 64 }).notNull(),
    relationship: varchar("relationship", { length: 16 }).notNull(),
    expiresAt: instant("expires_at").notNull(),
    confirmedAt: instant("confirmed_at"),
    requestId: integer("request_id").references(() => deathVerificationRequests.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("death_reports_token_idx").on(t.tokenHash),
    index("death_reports_subject_idx").on(t.subjectUserId),
  ],
);
export type DeathReport = typeof deathReports.$inferSelect;
