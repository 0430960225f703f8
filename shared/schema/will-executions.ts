import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { digitalAssets } from "./assets";
import { digitalWills } from "./digital-wills";
import { users } from "./users";

export const EXECUTION_STATUSES = ["draft", "ready", "executed", "superseded"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/**
 * How one will version is (or is to be) executed under the Wills Act, 1971 (Act 360): the testator, the witnesses,
 * the place and date, and — once executed — the uploaded scan of the signed pages (a file row, encrypted like every
 * upload). Status moves draft → ready → executed → superseded; the partial unique index keeps one executed will per
 * user even under concurrent requests. The personal fields are `v1.…` ciphertext under the owner's data key
 * (`witnesses` is the JSON list, encrypted whole).
 */
export const willExecutions = pgTable(
  "will_executions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    willId: integer("will_id")
      .notNull()
      .references(() => digitalWills.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 16 }).notNull().default("draft"),
    testatorName: text("testator_name").notNull(),
    testatorAddress: text("testator_address").notNull(),
    witnesses: text("witnesses").notNull(),
    place: text("place").notNull(),
    signedOn: varchar("signed_on", { length: 10 }),
    originalLocation: text("original_location").notNull(),
    scanAssetId: integer("scan_asset_id").references(() => digitalAssets.id, { onDelete: "set null" }),
    executedAt: timestamp("executed_at", { withTimezone: true }),
    encVersion: smallint("enc_version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("will_executions_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("will_executions_will_idx").on(t.willId),
    index("will_executions_scan_idx").on(t.scanAssetId),
    uniqueIndex("will_executions_one_executed_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'executed'`),
  ],
);
export type WillExecution = typeof willExecutions.$inferSelect;
