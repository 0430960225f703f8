import { and, count, desc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import { beneficiaries, users, type Beneficiary } from "@shared/schema";
import type { Db, DbOrTx } from "../../db";
import { ownerCountsOf } from "../../db/owner-counts";
import { preparedPerDb } from "../../db/prepared";

type Owned = { userId: number; id: number };
type Values = Partial<typeof beneficiaries.$inferInsert>;

const whereOwned = ({ userId, id }: Owned) => and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId));

/** The owner's beneficiary count from owner_counts (kept by triggers), carried on every row of a page. */
const ownerTotal =
  sql<number>`(select c.beneficiaries from owner_counts c where c.user_id = ${sql.placeholder("userId")})`.mapWith(
    Number,
  );

const pageQuery = preparedPerDb((db) =>
  db
    .select({ row: getTableColumns(beneficiaries), total: ownerTotal })
    .from(beneficiaries)
    .where(eq(beneficiaries.userId, sql.placeholder("userId")))
    .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("hl_beneficiaries_page"),
);

/** Upper case and accented letters → the plain lower-case letter; Ghanaian letters (ɛ, ɔ, ŋ) stay letters of their own. */
const FOLD_PAIRS: [string, string][] = [
  ["ÁÀÂÄÃÅáàâäãå", "a"],
  ["ÉÈÊËéèêë", "e"],
  ["ÍÌÎÏíìîï", "i"],
  ["ÓÒÔÖÕóòôöõ", "o"],
  ["ÚÙÛÜúùûü", "u"],
  ["Ññ", "n"],
  ["Çç", "c"],
  ["Ɛ", "ɛ"],
  ["Ɔ", "ɔ"],
  ["Ŋ", "ŋ"],
];
const FOLD_FROM = FOLD_PAIRS.map(([from]) => from).join("");
const FOLD_TO = FOLD_PAIRS.map(([from, to]) => to.repeat([...from].length)).join("");

/** The search box's folding, as the browser does it: accents dropped, lower case. */
export function foldSearchText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A LIKE pattern that matches `word` literally anywhere. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The owner's beneficiaries, newest first, one page, and their total for X-Total-Count. Without a search: one
 * prepared statement whose rows carry the total from owner_counts (only a page past the end reads it on its own).
 * With `q`: every word must appear in the folded name, e-mail or relationship; the total is the matches' count,
 * carried on each row by a window count.
 */
export async function listBeneficiariesPrepared(
  db: Db,
  p: { userId: number; limit: number; offset: number; q?: string },
): Promise<{ rows: Beneficiary[]; total: number }> {
  if (p.q) return searchBeneficiaries(db, { ...p, q: p.q });
  const result = await pageQuery(db).execute({ userId: p.userId, limit: p.limit, offset: p.offset });
  const rows = result.map((r) => r.row);
  if (result.length > 0) return { rows, total: result[0].total };
  return { rows, total: p.offset === 0 ? 0 : ((await ownerCountsOf(db, p.userId))?.beneficiaries ?? 0) };
}

async function searchBeneficiaries(
  db: Db,
  p: { userId: number; limit: number; offset: number; q: string },
): Promise<{ rows: Beneficiary[]; total: number }> {
  const words = foldSearchText(p.q).split(/\s+/).filter(Boolean).slice(0, 10);
  const haystack = sql`lower(translate(concat_ws(' ', ${beneficiaries.firstName}, ${beneficiaries.lastName}, ${beneficiaries.email}, ${beneficiaries.relationship}), ${FOLD_FROM}, ${FOLD_TO}))`;
  const where = and(
    eq(beneficiaries.userId, p.userId),
    ...words.map((word) => sql`${haystack} like ${containing(word)}`),
  );
  const result = await db
    .select({ row: getTableColumns(beneficiaries), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(beneficiaries)
    .where(where)
    .orderBy(desc(beneficiaries.createdAt), desc(beneficiaries.id))
    .limit(p.limit)
    .offset(p.offset);
  if (result.length > 0) return { rows: result.map((r) => r.row), total: result[0].total };
  if (p.offset === 0) return { rows: [], total: 0 };
  const [{ n }] = await db.select({ n: count() }).from(beneficiaries).where(where);
  return { rows: [], total: n };
}

export async function countBeneficiaries(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(beneficiaries).where(eq(beneficiaries.userId, userId));
  return row?.n ?? 0;
}

export async function insertBeneficiary(tx: DbOrTx, values: typeof beneficiaries.$inferInsert): Promise<Beneficiary> {
  const [row] = await tx.insert(beneficiaries).values(values).returning();
  return row;
}

export async function findBeneficiary(db: DbOrTx, owned: Owned): Promise<Beneficiary | undefined> {
  const [row] = await db.select().from(beneficiaries).where(whereOwned(owned)).limit(1);
  return row;
}

/** Reads and row-locks one of the owner's beneficiaries, so an e-mail change and its new token apply together. */
export async function findBeneficiaryForUpdate(tx: DbOrTx, owned: Owned): Promise<Beneficiary | undefined> {
  const [row] = await tx.select().from(beneficiaries).where(whereOwned(owned)).limit(1).for("update");
  return row;
}

export async function updateBeneficiary(db: DbOrTx, owned: Owned, values: Values): Promise<Beneficiary | undefined> {
  const [row] = await db.update(beneficiaries).set(values).where(whereOwned(owned)).returning();
  return row;
}

/** A new link only while pending: a verified beneficiary keeps its status. */
export async function reissueToken(
  db: DbOrTx,
  owned: Owned,
  values: { tokenHash: string; expires: Date; now: Date },
): Promise<Beneficiary | undefined> {
  const [row] = await db
    .update(beneficiaries)
    .set({ verificationToken: values.tokenHash, verificationExpires: values.expires, updatedAt: values.now })
    .where(and(whereOwned(owned), eq(beneficiaries.status, "pending")))
    .returning();
  return row;
}

/** Deletes the owner's row. Assets of all seven types that named it are un-assigned by the FK's ON DELETE SET NULL, in this same statement. */
export async function deleteBeneficiary(db: DbOrTx, owned: Owned): Promise<boolean> {
  const rows = await db.delete(beneficiaries).where(whereOwned(owned)).returning({ id: beneficiaries.id });
  return rows.length > 0;
}

export type VerificationRow = {
  id: number;
  firstName: string;
  status: string;
  verificationExpires: Date | null;
  ownerFirstName: string | null;
};

/** Token look-ups are scoped by the token itself (it is the capability); only its SHA-256 is compared. */
export async function findByTokenHash(db: DbOrTx, tokenHash: string): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select({
      id: beneficiaries.id,
      firstName: beneficiaries.firstName,
      status: beneficiaries.status,
      verificationExpires: beneficiaries.verificationExpires,
      ownerFirstName: users.firstName,
    })
    .from(beneficiaries)
    .innerJoin(users, eq(users.id, beneficiaries.userId))
    .where(eq(beneficiaries.verificationToken, tokenHash))
    .limit(1);
  return row;
}

/**
 * The single-use step: only a pending row with a live token moves, so two clicks cannot both succeed. The hash is
 * kept (the expiry is cleared) so a second click is recognised as "already used" (409) rather than unknown.
 */
export async function markVerified(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; userId: number } | undefined> {
  const rows = await db
    .update(beneficiaries)
    .set({ status: "verified", verifiedAt: now, verificationExpires: null, updatedAt: now })
    .where(
      and(
        eq(beneficiaries.verificationToken, tokenHash),
        eq(beneficiaries.status, "pending"),
        gt(beneficiaries.verificationExpires, now),
      ),
    )
    .returning({ id: beneficiaries.id, userId: beneficiaries.userId });
  return rows[0];
}
