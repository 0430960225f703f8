import type { AssetRelease } from "@shared/schema";
import type {
  OwnerReleaseDto,
  ReleaseAccessDto,
  ReleaseDto,
  ReleasedFileDto,
  ReleasedRecordDto,
} from "@shared/release-api";
import type { ItemKind, ReleaseStatus } from "@shared/release-kinds";
import type { TypedAssetDto } from "@shared/api-types";

export function presentRelease(row: AssetRelease, message: string | null): ReleaseDto {
  return {
    id: row.id,
    ownerName: row.ownerName,
    beneficiaryName: row.beneficiaryName,
    message,
    releasedAt: row.releasedAt.toISOString(),
    expiresAt: row.accessExpiresAt.toISOString(),
    isTest: row.isTest,
  };
}

export function presentReleasedFile(f: {
  id: number;
  originalFileName: string;
  fileSize: number;
  mimeType: string;
}): ReleasedFileDto {
  return { kind: "file", id: f.id, originalFileName: f.originalFileName, fileSize: f.fileSize, mimeType: f.mimeType };
}

/** The owner's bookkeeping about their own beneficiaries and record states is not the beneficiary's business. */
const NOT_RELEASED = new Set(["assignedToBeneficiary", "status"]);

export function presentReleasedRecord(kind: Exclude<ItemKind, "file">, dto: TypedAssetDto): ReleasedRecordDto {
  const out: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(dto)) if (!NOT_RELEASED.has(key)) out[key] = value ?? null;
  return { ...out, kind, id: dto.id, title: dto.title } as ReleasedRecordDto;
}

type OwnerRow = {
  id: number;
  beneficiaryName: string;
  status: string;
  isTest: boolean;
  triggerId: number | null;
  releasedAt: Date;
  accessExpiresAt: Date;
  accessedAt: Date | null;
  revokedAt: Date | null;
  itemCount: number;
};
type AccessRow = {
  at: Date;
  action: string;
  itemKind: string | null;
  itemId: number | null;
  bytes: number | null;
  itemName: string | null;
};

export function presentAccess(a: AccessRow): ReleaseAccessDto {
  return {
    at: a.at.toISOString(),
    action: a.action as ReleaseAccessDto["action"],
    itemKind: a.itemKind as ItemKind | null,
    itemId: a.itemId,
    itemName: a.itemName,
    bytes: a.bytes,
  };
}

export function presentOwnerRelease(r: OwnerRow, accesses: AccessRow[]): OwnerReleaseDto {
  return {
    id: r.id,
    beneficiaryName: r.beneficiaryName,
    status: r.status as ReleaseStatus,
    isTest: r.isTest,
    triggerId: r.triggerId,
    releasedAt: r.releasedAt.toISOString(),
    expiresAt: r.accessExpiresAt.toISOString(),
    accessedAt: r.accessedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    itemCount: Number(r.itemCount),
    accesses: accesses.map(presentAccess),
  };
}
