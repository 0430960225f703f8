import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A person the owner names to report their death (spec 001 "Trusted party (enhanced)"). Status moves inactive → active
 * only when the invited person accepts signed in with the invited e-mail; the owner may revoke at any time
 * (design/state-machines.md). Phone, Ghana Card and mobile-money numbers hold ciphertext under the owner's data key.
 */
export const enhancedTrustedParties = pgTable(
  "enhanced_trusted_parties",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The accepting account; null until the invitation is accepted. */
    trustedPersonId: integer("trusted_person_id").references(() => users.id, { onDelete: "set null" }),
    trustedPersonName: varchar("trusted_person_name", { length: 200 }).notNull(),
    trustedPersonEmail: varchar("trusted_person_email", { length: 254 }).notNull(),
    trustedPersonPhone: text("trusted_person_phone"),
    relationship: varchar("relationship", { length: 16 }).notNull(),
    canInitiateDeathVerification: boolean("can_initiate_death_verification").notNull().default(true),
    canAccessAssets: boolean("can_access_assets").notNull().default(false),
    canManageBeneficiaries: boolean("can_manage_beneficiaries").notNull().default(false),
    ghanaCardNumber: text("ghana_card_number"),
    mobileMoneyNumber: text("mobile_money_number"),
    traditionalAuthority: varchar("traditional_authority", { length: 200 }),
    status: varchar("status", { length: 16 }).notNull().default("inactive"),
    /** SHA-256 of the invitation token; the token itself only travels in the e-mail. */
    invitationTokenHash: varchar("invitation_token_hash", { length: 64 }),
    invitationExpires: timestamp("invitation_expires", { withTimezone: true }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("enhanced_trusted_parties_user_idx").on(t.userId, t.createdAt),
    index("enhanced_trusted_parties_person_idx").on(t.trustedPersonId),
    uniqueIndex("enhanced_trusted_parties_token_idx").on(t.invitationTokenHash),
  ],
);
export type TrustedParty = typeof enhancedTrustedParties.$inferSelect;
