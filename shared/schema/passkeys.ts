import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A WebAuthn credential (a passkey) of a user: password-less sign-in, and a second factor. Only public material is
 * kept: the credential id and public key (base64url), the signature counter the authenticator last reported, and the
 * WebAuthn user handle the user's passkeys share (random, never the user id or the address).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (32-bit unsigned); 0 for authenticators that keep none. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** What the browser said the authenticator can be reached by (usb, nfc, ble, hybrid, internal): a hint only. */
    transports: varchar("transports", { length: 16 }).array().notNull().default([]),
    userHandle: varchar("user_handle", { length: 64 }).notNull(),
    name: varchar("name", { length: 64 }).notNull(),
    createdAt: instant("created_at").notNull(),
    lastUsedAt: instant("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId), uniqueIndex("passkeys_credential_id_idx").on(t.credentialId)],
);
export type Passkey = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;
