import { and, eq } from "drizzle-orm";
import { beneficiaries } from "@shared/schema";
import type { Tx } from "../../db";
import { AppError } from "../../lib/app-error";

/** The beneficiary reference rule shared by uploads and typed assets (plan limits: server/lib/plan-limits.ts). */

/**
 * A body's `assignedToBeneficiary` must name one of the caller's own beneficiaries (contract: else 400). The
 * row is share-locked so it cannot be deleted between this check and the insert that references it.
 */
export async function assertOwnBeneficiary(tx: Tx, userId: number, beneficiaryId: number | null | undefined) {
  if (beneficiaryId === null || beneficiaryId === undefined) return;
  const [row] = await tx
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.id, beneficiaryId), eq(beneficiaries.userId, userId)))
    .for("share");
  if (!row) {
    const message = "Choose a beneficiary from your list";
    throw new AppError(400, message, [{ path: "assignedToBeneficiary", message }]);
  }
}
