import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import { enhancedTrustedParties as tp, users, type TrustedParty } from "@shared/schema";
import type { DbOrTx } from "../../db";
import { findInvitationByTokenHash } from "../../lib/invitations";

type Owned = { userId: number; id: number };
type Values = Partial<typeof tp.$inferInsert>;

/** Every owner statement carries both the id and the owner: another owner's id is the same miss as an absent one. */
const whereOwned = ({ userId, id }: Owned) => and(eq(tp.id, id), eq(tp.userId, userId));

export async function listTrustedParties(db: DbOrTx, userId: number): Promise<TrustedParty[]> {
  return db.select().from(tp).where(eq(tp.userId, userId)).orderBy(desc(tp.createdAt), desc(tp.id));
}

export async function countTrustedParties(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tp).where(eq(tp.userId, userId));
  return row?.n ?? 0;
}

export async function insertTrustedParty(db: DbOrTx, values: typeof tp.$inferInsert): Promise<TrustedParty> {
  const [row] = await db.insert(tp).values(values).returning();
  return row;
}

export async function findTrustedParty(db: DbOrTx, owned: Owned): Promise<TrustedParty | undefined> {
  const [row] = await db.select().from(tp).where(whereOwned(owned)).limit(1);
  return row;
}

export async function findTrustedPartyForUpdate(db: DbOrTx, owned: Owned): Promise<TrustedParty | undefined> {
  const [row] = await db.select().from(tp).where(whereOwned(owned)).limit(1).for("update");
  return row;
}

export async function updateTrustedParty(db: DbOrTx, owned: Owned, values: Values): Promise<TrustedParty | undefined> {
  const [row] = await db.update(tp).set(values).where(whereOwned(owned)).returning();
  return row;
}

/** A conditional move: only a row in `from` changes, so two requests cannot both make the same transition. */
export async function updateTrustedPartyIn(
  db: DbOrTx,
  owned: Owned,
  from: string[],
  values: Values,
): Promise<TrustedParty | undefined> {
  const [row] = await db
    .update(tp)
    .set(values)
    .where(and(whereOwned(owned), inArray(tp.status, from)))
    .returning();
  return row;
}

export async function deleteTrustedParty(db: DbOrTx, owned: Owned): Promise<boolean> {
  const rows = await db.delete(tp).where(whereOwned(owned)).returning({ id: tp.id });
  return rows.length > 0;
}

export type InvitationRow = TrustedParty & { ownerFirstName: string | null; ownerLastName: string | null };

/** The invitation behind a token, with the names of the owner who sent it (server/lib/invitations.ts). */
export async function findByTokenHash(db: DbOrTx, tokenHash: string): Promise<InvitationRow | undefined> {
  const columns = { table: tp, tokenHash: tp.invitationTokenHash, senderId: tp.userId };
  const found = await findInvitationByTokenHash(db, columns, tokenHash);
  return found && { ...found.invitation, ownerFirstName: found.senderFirstName, ownerLastName: found.senderLastName };
}

/**
 * The single-use step: only an inactive row with a live token moves, and only for the invited address, so parallel
 * accepts cannot both succeed. The hash stays (the expiry is cleared) so a second accept is "already used" (409).
 */
export async function markAccepted(
  db: DbOrTx,
  p: { tokenHash: string; personId: number; now: Date },
): Promise<TrustedParty | undefined> {
  const [row] = await db
    .update(tp)
    .set({
      status: "active",
      trustedPersonId: p.personId,
      activatedAt: p.now,
      invitationExpires: null,
      updatedAt: p.now,
    })
    .where(and(eq(tp.invitationTokenHash, p.tokenHash), eq(tp.status, "inactive"), gt(tp.invitationExpires, p.now)))
    .returning();
  return row;
}

export type TrustedForRow = TrustedParty & { ownerFirstName: string | null; ownerLastName: string | null };

/** Every row that names `personId`'s account, newest first; which of them still count is access.ts's answer. */
export async function listRowsNaming(db: DbOrTx, personId: number): Promise<TrustedForRow[]> {
  const rows = await db
    .select({ party: tp, ownerFirstName: users.firstName, ownerLastName: users.lastName })
    .from(tp)
    .innerJoin(users, eq(users.id, tp.userId))
    .where(eq(tp.trustedPersonId, personId))
    .orderBy(desc(tp.activatedAt), desc(tp.id));
  return rows.map((r) => ({ ...r.party, ownerFirstName: r.ownerFirstName, ownerLastName: r.ownerLastName }));
}
