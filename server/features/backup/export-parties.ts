import type { BackupDocument } from "@shared/backup-format";
import type { TrustedParty } from "@shared/schema";
import type { Tx } from "../../db";
import type { Keyring } from "../../lib/crypto/keyring";
import { findSavedEstateDistribution } from "../estate-distribution/estate-distribution.service";
import { listTrustedPartiesForBackup } from "../trusted-parties/trusted-parties.service";

type BackupParty = NonNullable<BackupDocument["trustedParties"]>[number];

/** The backup's fields of a trusted party (an explicit list: no token hash, expiry or linked account leaves). */
function toBackupParty(row: TrustedParty): BackupParty {
  return {
    id: row.id,
    trustedPersonName: row.trustedPersonName,
    trustedPersonEmail: row.trustedPersonEmail,
    trustedPersonPhone: row.trustedPersonPhone,
    relationship: row.relationship as BackupParty["relationship"],
    canInitiateDeathVerification: row.canInitiateDeathVerification,
    canAccessAssets: row.canAccessAssets,
    canManageBeneficiaries: row.canManageBeneficiaries,
    ghanaCardNumber: row.ghanaCardNumber,
    mobileMoneyNumber: row.mobileMoneyNumber,
    traditionalAuthority: row.traditionalAuthority,
    status: row.status === "active" || row.status === "revoked" ? row.status : "inactive",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The owner's trusted parties (numbers decrypted: the owner's own copy, like every sensitive field of a backup) and
 * their saved estate distribution settings (null while the defaults stand), read in the export's snapshot.
 */
export async function collectPartiesAndDistribution(
  tx: Tx,
  keyring: Keyring,
  userId: number,
): Promise<Pick<BackupDocument, "trustedParties" | "estateDistribution">> {
  const parties = await listTrustedPartiesForBackup(tx, keyring, userId);
  return {
    trustedParties: parties.map(toBackupParty),
    estateDistribution: await findSavedEstateDistribution(tx, userId),
  };
}
