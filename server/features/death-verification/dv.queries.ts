import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import {
  deathVerificationConfirmations as dvc,
  deathVerificationDocuments as dvd,
  deathVerificationRequests as dvr,
  enhancedTrustedParties as tp,
  users,
  type DeathVerificationConfirmation,
  type DeathVerificationDocument,
  type DeathVerificationRequest,
} from "@shared/schema";
import type { DbOrTx } from "../../db";

type Values = Partial<typeof dvr.$inferInsert>;

export type Person = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  status: string;
};
const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  status: users.status,
};

export async function findPerson(db: DbOrTx, id: number): Promise<Person | undefined> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findPersonByEmail(db: DbOrTx, email: string): Promise<Person | undefined> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export type ActiveParty = { id: number; personId: number; name: string; email: string };

/** The subject's active trusted parties with an account (accepted, not revoked). */
export async function activePartiesOf(db: DbOrTx, subjectId: number): Promise<ActiveParty[]> {
  const rows = await db
    .select({ id: tp.id, personId: tp.trustedPersonId, name: tp.trustedPersonName, email: users.email })
    .from(tp)
    .innerJoin(users, eq(users.id, tp.trustedPersonId))
    .where(and(eq(tp.userId, subjectId), eq(tp.status, "active"), isNotNull(tp.trustedPersonId)));
  return rows.map((r) => ({ ...r, personId: r.personId! }));
}

/** The subject's party rows that name `personId`'s account, whatever their state (access.ts decides). */
export async function partyRowsNaming(db: DbOrTx, subjectId: number, personId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tp.id })
    .from(tp)
    .where(and(eq(tp.userId, subjectId), eq(tp.trustedPersonId, personId)));
  return rows.map((r) => r.id);
}

/** Whether `by` (an account or a reporter's address hash) had a request about the subject rejected since `since`. */
export async function rejectedSince(
  db: DbOrTx,
  p: { subjectId: number; requestorId?: number; reporterEmailHash?: string; since: Date },
): Promise<boolean> {
  const by =
    p.requestorId !== undefined ? eq(dvr.requestorId, p.requestorId) : eq(dvr.reporterEmailHash, p.reporterEmailHash!);
  const [row] = await db
    .select({ id: dvr.id })
    .from(dvr)
    .where(and(eq(dvr.userId, p.subjectId), by, eq(dvr.status, "rejected"), gt(dvr.rejectedAt, p.since)))
    .limit(1);
  return row !== undefined;
}

/** An open (not yet decided) request by this account about the subject. */
export async function openRequestBy(db: DbOrTx, subjectId: number, requestorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dvr.id })
    .from(dvr)
    .where(
      and(
        eq(dvr.userId, subjectId),
        eq(dvr.requestorId, requestorId),
        eq(dvr.rehearsal, false),
        inArray(dvr.status, ["pending", "in_review", "appealed", "verified"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertRequest(db: DbOrTx, values: typeof dvr.$inferInsert): Promise<DeathVerificationRequest> {
  const [row] = await db.insert(dvr).values(values).returning();
  return row;
}

export async function findRequest(db: DbOrTx, id: number, lock = false): Promise<DeathVerificationRequest | undefined> {
  const q = db.select().from(dvr).where(eq(dvr.id, id)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/** A conditional move: only a row in one of `from` changes; undefined when someone else moved it first. */
export async function moveRequest(
  db: DbOrTx,
  id: number,
  from: readonly string[],
  values: Values,
): Promise<DeathVerificationRequest | undefined> {
  const [row] = await db
    .update(dvr)
    .set(values)
    .where(and(eq(dvr.id, id), inArray(dvr.status, [...from])))
    .returning();
  return row;
}

/** Requests about the caller, made by the caller, or that the caller may answer as a party: newest first. */
const visibleTo = (userId: number) =>
  or(
    eq(dvr.userId, userId),
    eq(dvr.requestorId, userId),
    and(
      eq(dvr.rehearsal, false),
      sql`exists (select 1 from ${tp} p where p.user_id = ${dvr.userId} and p.trusted_person_id = ${userId}
        and p.status = 'active')`,
    ),
  );

export async function listVisible(
  db: DbOrTx,
  p: { userId: number; limit: number; offset: number; id?: number },
): Promise<{ rows: DeathVerificationRequest[]; total: number }> {
  const rows = await db
    .select()
    .from(dvr)
    .where(and(visibleTo(p.userId), p.id === undefined ? undefined : eq(dvr.id, p.id)))
    .orderBy(desc(dvr.createdAt), desc(dvr.id))
    .limit(p.limit)
    .offset(p.offset);
  const [total] = await db.select({ n: count() }).from(dvr).where(visibleTo(p.userId));
  return { rows, total: total?.n ?? 0 };
}

export async function listForReview(
  db: DbOrTx,
  p: { statuses: string[]; limit: number; offset: number; id?: number },
): Promise<{ rows: DeathVerificationRequest[]; total: number }> {
  const where = and(inArray(dvr.status, p.statuses), p.id === undefined ? undefined : eq(dvr.id, p.id));
  const rows = await db
    .select()
    .from(dvr)
    .where(where)
    .orderBy(desc(dvr.createdAt), desc(dvr.id))
    .limit(p.limit)
    .offset(p.offset);
  const [total] = await db.select({ n: count() }).from(dvr).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function documentsOf(db: DbOrTx, requestIds: number[]): Promise<DeathVerificationDocument[]> {
  if (requestIds.length === 0) return [];
  return db.select().from(dvd).where(inArray(dvd.requestId, requestIds)).orderBy(dvd.id);
}

export type ConfirmationRow = DeathVerificationConfirmation & { partyName: string };

export async function confirmationsOf(db: DbOrTx, requestIds: number[]): Promise<ConfirmationRow[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .select({ c: dvc, partyName: tp.trustedPersonName })
    .from(dvc)
    .innerJoin(tp, eq(tp.id, dvc.partyId))
    .where(inArray(dvc.requestId, requestIds))
    .orderBy(dvc.id);
  return rows.map((r) => ({ ...r.c, partyName: r.partyName }));
}

/** One answer per request and party: two arriving together insert one row (the other gets none back). */
export async function insertConfirmation(
  db: DbOrTx,
  values: typeof dvc.$inferInsert,
): Promise<DeathVerificationConfirmation | undefined> {
  const [row] = await db
    .insert(dvc)
    .values(values)
    .onConflictDoNothing({ target: [dvc.requestId, dvc.partyId] })
    .returning();
  return row;
}

export async function insertDocument(db: DbOrTx, values: typeof dvd.$inferInsert): Promise<DeathVerificationDocument> {
  const [row] = await db.insert(dvd).values(values).returning();
  return row;
}

export async function findDocument(
  db: DbOrTx,
  p: { requestId: number; documentId: number },
): Promise<DeathVerificationDocument | undefined> {
  const [row] = await db
    .select()
    .from(dvd)
    .where(and(eq(dvd.id, p.documentId), eq(dvd.requestId, p.requestId)))
    .limit(1);
  return row;
}

export async function setDocumentVerdict(
  db: DbOrTx,
  p: { requestId: number; documentId: number; status: string; notes: string | null },
): Promise<boolean> {
  const rows = await db
    .update(dvd)
    .set({ verificationStatus: p.status, verificationNotes: p.notes })
    .where(and(eq(dvd.id, p.documentId), eq(dvd.requestId, p.requestId)))
    .returning({ id: dvd.id });
  return rows.length > 0;
}

/** The reviewers: every active admin, with the address their review e-mails go to. */
export async function adminRecipients(db: DbOrTx): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.userType, "admin"), eq(users.status, "active")))
    .orderBy(users.id);
}

/**
 * rejected (by an admin) → appealed, as one conditional update: only a real request an admin rejected, never appealed
 * before, before its deadline. Of two appeals arriving together one moves it; the other gets undefined.
 */
export async function appealRequest(
  db: DbOrTx,
  p: { id: number; now: Date; reason: string | null },
): Promise<DeathVerificationRequest | undefined> {
  const [row] = await db
    .update(dvr)
    .set({ status: "appealed", appealedAt: p.now, appealReason: p.reason, updatedAt: p.now })
    .where(
      and(
        eq(dvr.id, p.id),
        eq(dvr.status, "rejected"),
        eq(dvr.rejectedBy, "admin"),
        eq(dvr.rehearsal, false),
        isNull(dvr.appealedAt),
        gt(dvr.appealDeadline, p.now),
      ),
    )
    .returning();
  return row;
}

export async function peopleById(db: DbOrTx, ids: number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
