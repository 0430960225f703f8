import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import {
  assetBundles,
  assetReleaseTriggers,
  beneficiaries,
  digitalAssets,
  triggerEvents,
  users,
  type ReleaseTrigger,
  type TriggerEvent,
} from "@shared/schema";
import type { DbOrTx } from "../../db";

type Owned = { userId: number; id: number };
export type TriggerRow = ReleaseTrigger & { beneficiaryFirstName: string; beneficiaryLastName: string };

const withBeneficiary = {
  ...getTableColumns(assetReleaseTriggers),
  beneficiaryFirstName: beneficiaries.firstName,
  beneficiaryLastName: beneficiaries.lastName,
};
const whereOwned = ({ userId, id }: Owned) =>
  and(eq(assetReleaseTriggers.id, id), eq(assetReleaseTriggers.userId, userId));

/** One of the owner's beneficiaries, share-locked so it cannot go away before the trigger naming it is written. */
export async function findOwnBeneficiary(tx: DbOrTx, p: Owned) {
  const [row] = await tx
    .select({ id: beneficiaries.id, dateOfBirth: beneficiaries.dateOfBirth })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.id, p.id), eq(beneficiaries.userId, p.userId)))
    .for("share");
  return row;
}

export async function ownsFile(tx: DbOrTx, p: Owned): Promise<boolean> {
  const rows = await tx
    .select({ id: digitalAssets.id })
    .from(digitalAssets)
    .where(and(eq(digitalAssets.id, p.id), eq(digitalAssets.userId, p.userId), eq(digitalAssets.status, "committed")))
    .for("share");
  return rows.length > 0;
}

export async function ownsBundle(tx: DbOrTx, p: Owned): Promise<boolean> {
  const rows = await tx
    .select({ id: assetBundles.id })
    .from(assetBundles)
    .where(and(eq(assetBundles.id, p.id), eq(assetBundles.userId, p.userId), eq(assetBundles.category, "group")))
    .for("share");
  return rows.length > 0;
}

export async function ownerForTrigger(tx: DbOrTx, userId: number) {
  const [row] = await tx.select({ lastActivityAt: users.lastActivityAt }).from(users).where(eq(users.id, userId));
  return row;
}

/** Drawn before the insert: the message's ciphertext names its row. */
export async function nextTriggerId(tx: DbOrTx): Promise<number> {
  const r = await tx.execute<{ id: string }>(sql`select nextval('asset_release_triggers_id_seq') as id`);
  return Number(r.rows[0].id);
}

export async function insertTrigger(tx: DbOrTx, values: typeof assetReleaseTriggers.$inferInsert) {
  const [row] = await tx.insert(assetReleaseTriggers).values(values).returning();
  return row;
}

export function listTriggers(db: DbOrTx, userId: number): Promise<TriggerRow[]> {
  return db
    .select(withBeneficiary)
    .from(assetReleaseTriggers)
    .innerJoin(beneficiaries, eq(beneficiaries.id, assetReleaseTriggers.beneficiaryId))
    .where(eq(assetReleaseTriggers.userId, userId))
    .orderBy(desc(assetReleaseTriggers.createdAt), desc(assetReleaseTriggers.id));
}

export async function findTrigger(db: DbOrTx, p: Owned): Promise<TriggerRow | undefined> {
  const [row] = await db
    .select(withBeneficiary)
    .from(assetReleaseTriggers)
    .innerJoin(beneficiaries, eq(beneficiaries.id, assetReleaseTriggers.beneficiaryId))
    .where(whereOwned(p));
  return row;
}

export function eventsOf(db: DbOrTx, p: Owned): Promise<TriggerEvent[]> {
  return db
    .select()
    .from(triggerEvents)
    .where(and(eq(triggerEvents.triggerId, p.id), eq(triggerEvents.userId, p.userId)))
    .orderBy(asc(triggerEvents.at), asc(triggerEvents.id));
}

/** pending → cancelled, only if still pending: a trigger the job fired meanwhile is left as it is (zero rows). */
export async function cancelIfPending(tx: DbOrTx, p: Owned, now: Date) {
  const [row] = await tx
    .update(assetReleaseTriggers)
    .set({ status: "cancelled", cancelledAt: now, nextEventAt: null, nextEventKind: null })
    .where(and(whereOwned(p), eq(assetReleaseTriggers.status, "pending")))
    .returning({ id: assetReleaseTriggers.id });
  return row;
}

export async function statusOf(tx: DbOrTx, p: Owned): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: assetReleaseTriggers.status })
    .from(assetReleaseTriggers)
    .where(whereOwned(p));
  return row?.status;
}
