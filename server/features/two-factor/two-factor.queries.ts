import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { recoveryCodes, totpCredentials, users, type TotpCredential } from "@shared/schema";
import type { DbOrTx } from "../../db";

export async function findTotp(db: DbOrTx, userId: number): Promise<TotpCredential | undefined> {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).limit(1);
  return row;
}

/**
 * Stores a set-up's secret (ciphertext), replacing an earlier set-up that was never confirmed, never an enabled one:
 * answers undefined when the user's authenticator is already on.
 */
export async function savePendingTotp(
  db: DbOrTx,
  p: { userId: number; secret: string; now: Date },
): Promise<TotpCredential | undefined> {
  const values = { secret: p.secret, createdAt: p.now, enabledAt: null, lastUsedStep: null };
  const [row] = await db
    .insert(totpCredentials)
    .values({ userId: p.userId, ...values })
    .onConflictDoUpdate({ target: totpCredentials.userId, set: values, setWhere: isNull(totpCredentials.enabledAt) })
    .returning();
  return row;
}

/** Turns a pending set-up on, with the step of the code that confirmed it as used; undefined if it was not pending. */
export async function markTotpEnabled(db: DbOrTx, p: { userId: number; step: number; now: Date }) {
  const [row] = await db
    .update(totpCredentials)
    .set({ enabledAt: p.now, lastUsedStep: p.step })
    .where(and(eq(totpCredentials.userId, p.userId), isNull(totpCredentials.enabledAt)))
    .returning({ userId: totpCredentials.userId });
  return row;
}

/**
 * Spends a time step: succeeds only for a step after the last one accepted, so a code (or an older one) is accepted
 * once, even by two requests at the same moment (one conditional UPDATE).
 */
export async function claimTimeStep(db: DbOrTx, p: { userId: number; step: number }): Promise<boolean> {
  const rows = await db
    .update(totpCredentials)
    .set({ lastUsedStep: p.step })
    .where(
      and(
        eq(totpCredentials.userId, p.userId),
        isNotNull(totpCredentials.enabledAt),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, p.step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, p: { userId: number; hashes: string[]; now: Date }) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, p.userId));
  await db.insert(recoveryCodes).values(p.hashes.map((codeHash) => ({ userId: p.userId, codeHash, createdAt: p.now })));
}

/** Spends one recovery code, once: the UPDATE only matches it while unused. */
export async function spendRecoveryCode(db: DbOrTx, p: { userId: number; hash: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: p.now })
    .where(and(eq(recoveryCodes.userId, p.userId), eq(recoveryCodes.codeHash, p.hash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function deleteSecondFactors(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function setTwoFactorEnabled(db: DbOrTx, p: { userId: number; enabled: boolean; now: Date }) {
  const [row] = await db
    .update(users)
    .set({ twoFactorEnabled: p.enabled, updatedAt: p.now })
    .where(eq(users.id, p.userId))
    .returning();
  return row;
}
