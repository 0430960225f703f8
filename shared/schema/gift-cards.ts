import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { assetBundles } from "./assets";
import { users } from "./users";

/**
 * One gift-card order (spec 001 "Gift card"; design/state-machines.md): `awaiting_payment` until its mobile-money or
 * card payment settles — `paid` (the cards are issued in the same transaction) or `failed`. The recipient's phone, e-mail,
 * the message, the delivery address and, until the buyer has seen them once, the redemption codes are ciphertext
 * under the buyer's data key.
 */
export const giftCardPurchases = pgTable(
  "gift_card_purchases",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardType: varchar("card_type", { length: 16 }).notNull(),
    denominationMinor: integer("denomination_minor").notNull(),
    quantity: integer("quantity").notNull(),
    shippingMinor: integer("shipping_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("GHS"),
    recipientName: varchar("recipient_name", { length: 200 }).notNull(),
    recipientPhone: text("recipient_phone").notNull(),
    recipientEmail: text("recipient_email"),
    personalMessage: text("personal_message"),
    deliveryMethod: varchar("delivery_method", { length: 16 }).notNull(),
    design: varchar("design", { length: 16 }).notNull(),
    physicalAddress: text("physical_address"),
    paymentMethod: varchar("payment_method", { length: 16 }).notNull(),
    paymentReference: varchar("payment_reference", { length: 36 }),
    /** A card order paid through Stripe: its Checkout Session, which the signed webhook must name to confirm it. */
    checkoutSessionId: varchar("checkout_session_id", { length: 255 }),
    status: varchar("status", { length: 24 }).notNull().default("awaiting_payment"),
    /** The issued cards' codes, sealed, until the buyer's first look at the paid order; then null for good. */
    pendingCodes: text("pending_codes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("gift_card_purchases_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("gift_card_purchases_checkout_idx").on(t.checkoutSessionId),
  ],
);
export type GiftCardPurchase = typeof giftCardPurchases.$inferSelect;

/**
 * An issued card (spec 001 "prepaid_cards"): a unique 16-digit number with a Luhn check digit, and a redemption code
 * of 80 random bits stored only as its SHA-256. `active` → `redeemed` once, by one conditional update; → `expired`
 * after `expiryDate` (the background job).
 */
export const prepaidCards = pgTable(
  "prepaid_cards",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => giftCardPurchases.id, { onDelete: "cascade" }),
    purchasedBy: integer("purchased_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardNumber: varchar("card_number", { length: 16 }).notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    cardType: varchar("card_type", { length: 16 }).notNull(),
    denominationMinor: integer("denomination_minor").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("GHS"),
    design: varchar("design", { length: 16 }).notNull(),
    status: varchar("status", { length: 16 }).notNull().default("active"),
    expiryDate: timestamp("expiry_date", { withTimezone: true }).notNull(),
    redeemedBy: integer("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("prepaid_cards_number_idx").on(t.cardNumber),
    uniqueIndex("prepaid_cards_code_idx").on(t.codeHash),
    index("prepaid_cards_buyer_idx").on(t.purchasedBy, t.createdAt),
    index("prepaid_cards_purchase_idx").on(t.purchaseId),
    index("prepaid_cards_redeemer_idx").on(t.redeemedBy),
    index("prepaid_cards_expiry_idx")
      .on(t.expiryDate)
      .where(sql`status = 'active'`),
  ],
);
export type PrepaidCard = typeof prepaidCards.$inferSelect;

/**
 * A user's account credit in cedis, as a ledger: a redeemed card adds its value; paying plan months or storage with
 * credit subtracts (`purchase`, negative); a mobile-money payment that could no longer be applied adds what was paid
 * (`unapplied_payment`). The balance is the sum; one row per card at most (the unique card id), and one row per
 * purchase and reason (the unique bundle id and reason), so a confirmation replayed spends or refunds nothing twice.
 */
export const accountCredits = pgTable(
  "account_credits",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("GHS"),
    reason: varchar("reason", { length: 32 }).notNull(),
    cardId: integer("card_id").references(() => prepaidCards.id, { onDelete: "set null" }),
    /** The plan or storage purchase this entry paid (or refunded), if any. */
    bundleId: integer("bundle_id").references(() => assetBundles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_credits_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("account_credits_card_idx").on(t.cardId),
    uniqueIndex("account_credits_bundle_idx").on(t.bundleId, t.reason),
  ],
);
export type AccountCredit = typeof accountCredits.$inferSelect;
