import type { SecondFactorProof } from "@shared/validators/two-factor";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import type { User } from "@shared/schema";
import { runInTransaction, type Db, type Tx } from "../../db";
import { AppError, forbidden } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { decryptField, encryptField, type FieldContext } from "../../lib/crypto/field-crypto";
import type { Keyring } from "../../lib/crypto/keyring";
import type { MailMessage } from "../../lib/mail/mailer";
import { notify } from "../../lib/notifications";
import { enqueueEmail, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import { VERIFY_EMAIL_FIRST } from "../../lib/route-registry";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from "./recovery-codes";
import { matchingTimeStep, newTotpSecret, totpUri } from "./totp";
import * as q from "./two-factor.queries";
import { twoFactorDisabledMail, twoFactorEnabledMail } from "./two-factor-mails";

export type TwoFactorDeps = OutboxWriteDeps & { db: Db; keyring: Keyring; clock: Clock };

/** A set-up not confirmed within this time must be started again (a new secret). */
export const PENDING_SETUP_MS = 30 * 60 * 1000;

/** The secret's encryption context: bound to this table, column and user, so a value copied elsewhere fails. */
const secretContext = (userId: number): FieldContext => ({
  table: "totp_credentials",
  column: "secret",
  rowId: String(userId),
  userId: String(userId),
});

/** The owner hears of every change to their sign-in factors: an e-mail and the same in-app notice. */
async function tell(tx: Tx, deps: TwoFactorDeps, user: User, mail: MailMessage, dedupeKey: string) {
  const kind = user.twoFactorEnabled ? "two_factor_enabled" : "two_factor_disabled";
  await enqueueEmail(tx, deps, mail, { kind, dedupeKey });
  const body = mail.text.split("\n")[0];
  await notify(tx, deps, [{ userId: user.id, kind, title: mail.subject, body, link: "/settings", dedupeKey }]);
}

async function readSecret(deps: TwoFactorDeps, userId: number, stored: string): Promise<string> {
  const dek = await getOrCreateUserDataKey(deps.db, deps.keyring, userId);
  return decryptField(dek, stored, secretContext(userId));
}

/**
 * POST /api/2fa/totp/setup: a new secret, kept pending (encrypted under the user's data key) until a code from the
 * app confirms it. 409 while two-factor sign-in is already on (turn it off first). 403 until the address is proved:
 * whoever registered someone else's address first (AUTH-12) could otherwise lock its owner out behind their own app
 * after the owner takes the account over by a password reset.
 */
export async function startTotpSetup(deps: TwoFactorDeps, o: { user: User }) {
  if (!o.user.emailVerified) throw forbidden(VERIFY_EMAIL_FIRST);
  if (o.user.twoFactorEnabled) throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  const dek = await getOrCreateUserDataKey(deps.db, deps.keyring, o.user.id);
  const saved = await q.savePendingTotp(deps.db, {
    userId: o.user.id,
    secret: encryptField(dek, secret, secretContext(o.user.id)),
    now: deps.clock.now(),
  });
  if (!saved) throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyOn);
  return { otpauthUrl: totpUri(secret, o.user.email), secret };
}

/**
 * The first code confirms a pending set-up. Answers the step it matched, or undefined for a wrong code (the caller
 * counts it against the sign-in limits); 400 when nothing is pending or the set-up is older than PENDING_SETUP_MS.
 */
export async function checkSetupCode(deps: TwoFactorDeps, o: { userId: number; code: string }) {
  const row = await q.findTotp(deps.db, o.userId);
  if (row?.enabledAt) throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyOn);
  const now = deps.clock.now();
  if (!row || now.getTime() - row.createdAt.getTime() > PENDING_SETUP_MS) {
    throw new AppError(400, TWO_FACTOR_MESSAGES.setupExpired, [
      { path: "code", message: TWO_FACTOR_MESSAGES.setupExpired },
    ]);
  }
  return matchingTimeStep(await readSecret(deps, o.userId, row.secret), o.code, now);
}

/**
 * Turns two-factor sign-in on, in one transaction: the authenticator enabled with its first code's step spent, ten
 * new recovery codes stored as hashes, the user's flag set and a notice queued. Answers the codes, shown once.
 */
export async function enableTotp(deps: TwoFactorDeps, o: { userId: number; step: number }): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = deps.clock.now();
  return runInTransaction(deps.db, async (tx) => {
    const enabled = await q.markTotpEnabled(tx, { userId: o.userId, step: o.step, now });
    if (!enabled) throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyOn);
    await q.replaceRecoveryCodes(tx, { userId: o.userId, hashes: codes.map(hashRecoveryCode), now });
    const user = await q.setTwoFactorEnabled(tx, { userId: o.userId, enabled: true, now });
    if (user) await tell(tx, deps, user, twoFactorEnabledMail(user.email), `2fa-on:${user.id}:${now.getTime()}`);
    return codes;
  });
}

/**
 * Checks a second factor of a user whose two-factor sign-in is on and spends it: an app code's time step (accepted
 * once, then never again, nor any older one) or one recovery code. Answers which kind passed, or undefined.
 */
export async function verifySecondFactor(
  deps: TwoFactorDeps,
  o: { userId: number; proof: SecondFactorProof },
): Promise<"totp" | "recovery" | undefined> {
  const now = deps.clock.now();
  if (o.proof.recoveryCode !== undefined) {
    const hash = hashRecoveryCode(o.proof.recoveryCode);
    return (await q.spendRecoveryCode(deps.db, { userId: o.userId, hash, now })) ? "recovery" : undefined;
  }
  const row = await q.findTotp(deps.db, o.userId);
  if (!row?.enabledAt || o.proof.code === undefined) return undefined;
  const step = matchingTimeStep(await readSecret(deps, o.userId, row.secret), o.proof.code, now);
  if (step === undefined) return undefined;
  return (await q.claimTimeStep(deps.db, { userId: o.userId, step })) ? "totp" : undefined;
}

/** Turns two-factor sign-in off: the authenticator and every recovery code deleted, the flag cleared, a notice queued. */
export async function disableTwoFactor(deps: TwoFactorDeps, o: { userId: number }): Promise<void> {
  const now = deps.clock.now();
  await runInTransaction(deps.db, async (tx) => {
    await q.deleteSecondFactors(tx, o.userId);
    const user = await q.setTwoFactorEnabled(tx, { userId: o.userId, enabled: false, now });
    if (user) await tell(tx, deps, user, twoFactorDisabledMail(user.email), `2fa-off:${user.id}:${now.getTime()}`);
  });
}
