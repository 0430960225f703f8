import type { ItemKind, ReleaseStatus } from "./release-kinds";

/** The release page's header (contract: `POST /api/releases/open`, `GET /api/releases/:id`). */
export type ReleaseDto = {
  id: number;
  ownerName: string;
  beneficiaryName: string;
  /** The owner's message, decrypted; null when they left none. */
  message: string | null;
  releasedAt: string;
  expiresAt: string;
  /** The owner's own preview ("test this trigger"): nothing has really been released. */
  isTest: boolean;
};

/** A released file: what the download button needs, never its storage details. */
export type ReleasedFileDto = {
  kind: "file";
  id: number;
  originalFileName: string;
  fileSize: number;
  mimeType: string;
};

/** A released typed record, every field decrypted (online-account credentials included). */
export type ReleasedRecordDto = { kind: Exclude<ItemKind, "file">; id: number; title: string } & Record<
  string,
  string | number | null
>;

export type ReleasedAssetDto = ReleasedFileDto | ReleasedRecordDto;

/**
 * The execution record of a signed will whose scan is one of the released files (issue 20): how, where and before
 * whom it was signed, and where the original is kept. It travels with its scan, never alone.
 */
export type ReleasedExecutionDto = {
  scanFileId: number;
  version: number;
  status: "executed" | "superseded";
  testatorName: string;
  place: string;
  signedOn: string | null;
  executedAt: string | null;
  originalLocation: string | null;
  witnesses: { fullName: string; address: string; occupation: string }[];
};

export type ReleaseViewDto = {
  release: ReleaseDto;
  assets: ReleasedAssetDto[];
  /** Absent when no released file is the scan of a signed will. */
  signedWills?: ReleasedExecutionDto[];
};

/** One open or download of a release, as the owner sees it. */
export type ReleaseAccessDto = {
  at: string;
  action: "open" | "download";
  itemKind: ItemKind | null;
  itemId: number | null;
  /** The downloaded file's name when it still exists. */
  itemName: string | null;
  bytes: number | null;
};

/** The owner's list (`GET /api/releases`): newest first, each with who opened what and when. */
export type OwnerReleaseDto = {
  id: number;
  beneficiaryName: string;
  status: ReleaseStatus;
  isTest: boolean;
  triggerId: number | null;
  releasedAt: string;
  expiresAt: string;
  accessedAt: string | null;
  revokedAt: string | null;
  itemCount: number;
  accesses: ReleaseAccessDto[];
};
