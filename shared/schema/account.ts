import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One requested change of a user's sign-in address (POST /api/user/email). It takes effect when the link sent to the
 * new address is confirmed; the old address is then told and may undo it for 72 hours. Both tokens are SHA-256 hashes
 * of 256-bit random values; the tokens themselves only travel in the e-mails.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: varchar("old_email", { length: 254 }).notNull(),
    newEmail: varchar("new_email", { length: 254 }).notNull(),
    confirmTokenHash: varchar("confirm_token_hash", { length: 64 }).notNull(),
    confirmExpiresAt: instant("confirm_expires_at").notNull(),
    confirmedAt: instant("confirmed_at"),
    /** Set when the change takes effect: the link in the notice to the old address. */
    undoTokenHash: varchar("undo_token_hash", { length: 64 }),
    undoExpiresAt: instant("undo_expires_at"),
    undoneAt: instant("undone_at"),
    /** A newer request or an undo cancels a change that was never confirmed. */
    cancelledAt: instant("cancelled_at"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [
    index("email_changes_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("email_changes_confirm_token_idx").on(t.confirmTokenHash),
    uniqueIndex("email_changes_undo_token_idx").on(t.undoTokenHash),
  ],
);
export type EmailChange = typeof emailChanges.$inferSelect;

/** The user's profile photo: an encrypted blob in the same storage as uploads (the key never leaves the server). */
export const profilePhotos = pgTable("profile_photos", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  blobKey: varchar("blob_key", { length: 128 }).notNull(),
  /** The id the blob's encryption context is bound to (a blob moved to another row fails to decrypt). */
  fileId: varchar("file_id", { length: 64 }).notNull(),
  mimeType: varchar("mime_type", { length: 32 }).notNull(),
  fileSize: integer("file_size").notNull(),
  updatedAt: instant("updated_at").notNull(),
});
export type ProfilePhoto = typeof profilePhotos.$inferSelect;
