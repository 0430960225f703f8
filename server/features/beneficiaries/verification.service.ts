import { runInTransaction, type Db } from "../../db";
import { conflict, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { notify } from "../../lib/notifications";
import { tokenHashPrefix } from "../../lib/outbox/enqueue";
import { hashToken, isTokenShaped } from "../../lib/tokens";
import type { BeneficiaryVerificationDto } from "./beneficiaries.presenter";
import * as q from "./beneficiaries.queries";

export const LINK_USED_MESSAGE = "This link has already been used: the e-mail address is confirmed.";

function present(row: q.VerificationRow, status: "pending" | "verified"): BeneficiaryVerificationDto {
  return { firstName: row.firstName, ownerFirstName: row.ownerFirstName, status };
}

/**
 * What the confirmation page shows for a link. Unknown and expired answer the same 404; a used link 409.
 * Scoped by the token, which is the capability: the caller is not signed in.
 */
export async function getVerification(db: Db, clock: Clock, token: string): Promise<BeneficiaryVerificationDto> {
  if (!isTokenShaped(token)) throw notFound();
  const row = await q.findByTokenHash(db, hashToken(token));
  if (!row) throw notFound();
  if (row.status === "verified") throw conflict(LINK_USED_MESSAGE);
  if (!row.verificationExpires || row.verificationExpires <= clock.now()) throw notFound();
  return present(row, "pending");
}

/**
 * Marks the beneficiary verified, once: a single conditional UPDATE decides, so parallel clicks cannot both win. The
 * owner is told in-app in the same transaction.
 */
export async function confirmVerification(db: Db, clock: Clock, token: string): Promise<BeneficiaryVerificationDto> {
  if (!isTokenShaped(token)) throw notFound();
  const tokenHash = hashToken(token);
  return runInTransaction(db, async (tx) => {
    const verified = await q.markVerified(tx, tokenHash, clock.now());
    const row = await q.findByTokenHash(tx, tokenHash);
    if (!row) throw notFound();
    if (!verified) throw row.status === "verified" ? conflict(LINK_USED_MESSAGE) : notFound();
    await notify(tx, { clock }, [
      {
        userId: verified.userId,
        kind: "beneficiary_verified",
        title: `${row.firstName} confirmed their e-mail address`,
        body: `${row.firstName} opened the link you sent and is now a verified beneficiary.`,
        link: "/beneficiaries",
        dedupeKey: `beneficiary-verified:${verified.id}:${tokenHashPrefix(tokenHash)}`,
      },
    ]);
    return present(row, "verified");
  });
}
