import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's TOTP authenticator (issue 15). `secret` is field ciphertext under the owner's data key, bound to this
 * table, column and user (shredding the key erases it). A row without `enabledAt` is a set-up waiting for its first
 * code; set-up again replaces it.
 */
export const totpCredentials = pgTable("totp_credentials", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: instant("enabled_at"),
  /** The last 30-second time step whose code was accepted: that code, and every older one, is refused (replay). */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: instant("created_at").notNull(),
});
export type TotpCredential = typeof totpCredentials.$inferSelect;

/** Ten single-use codes per enabling, shown once; only their SHA-256 is kept. `usedAt` set means spent. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_idx").on(t.userId, t.codeHash)],
);

/**
 * Browsers a user has signed in from (issue 15, sign-in notices): recognised by a long-lived random cookie whose
 * SHA-256 is kept here or, when the cookie is gone (sign-out sends Clear-Site-Data "cookies"), by the SHA-256 of the
 * browser family and the network range it signed in from. A sign-in matching neither e-mails the owner.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    /** SHA-256 of "<browser> on <system>|<IPv4 /24 or IPv6 /48>": no address and no user agent in clear. */
    signature: varchar("signature", { length: 64 }).notNull(),
    createdAt: instant("created_at").notNull(),
    lastSeenAt: instant("last_seen_at").notNull(),
  },
  (t) => [
    uniqueIndex("known_devices_user_token_idx").on(t.userId, t.tokenHash),
    index("known_devices_user_seen_idx").on(t.userId, t.lastSeenAt),
    index("known_devices_user_signature_idx").on(t.userId, t.signature),
  ],
);
