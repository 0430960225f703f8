import { ITEM_KINDS, TYPED_KIND_OF, type ItemKind } from "@shared/release-kinds";
import type { ReleasedAssetDto, ReleaseViewDto } from "@shared/release-api";
import type { AssetRelease } from "@shared/schema";
import { overStatementPoint, type StatementPoint } from "../../auth/rate-limits";
import { runInTransaction, type DbOrTx } from "../../db";
import type { AppDeps } from "../../deps";
import { requireAccess, type AccessActor } from "../../lib/access";
import { notFound } from "../../lib/app-error";
import { decryptSensitive, hasSensitiveValues } from "../../lib/crypto/field-secrets";
import { hashToken } from "../../lib/tokens";
import { openAssetDownload } from "../assets/assets.service";
import { KINDS } from "../typed-assets/kinds";
import { typedAssetPresenter } from "../typed-assets/typed-assets.presenter";
import { getOrCreateUserDataKey } from "../user-keys/user-keys.service";
import { releasedExecutions } from "../wills/execution-release";
import { logReleaseAudit } from "./release-audit";
import { openReleaseMessage } from "./release-secrets";
import { openLiveRelease, type ReleasedFileRow, type ReleaseItemRef } from "./open-release.queries";
import type { ReleaseSessionRow } from "./release-session";
import {
  findRelease,
  insertAccess,
  insertReleaseAudit,
  itemsOfRelease,
  releasedFiles,
  releasedTypedRows,
  type ReleaseAuditEntry,
} from "./releases.queries";
import { presentRelease, presentReleasedFile, presentReleasedRecord } from "./releases.presenter";

type ReleaseDeps = Pick<AppDeps, "database" | "keyring" | "logger" | "clock" | "storage">;
/** Where a request came from, for the access log and the audit trail. */
export type RequestOrigin = { requestId: string | null; ip: string | null };

/** What a view of the release is built from, read beforehand (the open's statement reads them with the open). */
type Preloaded = { items: ReleaseItemRef[]; files: ReleasedFileRow[] };

/** The release's items, decrypted for its beneficiary: files first, then each typed kind in the contract's order. */
async function releasedAssets(
  db: DbOrTx,
  deps: ReleaseDeps,
  release: AssetRelease,
  preloaded?: Preloaded,
): Promise<ReleasedAssetDto[]> {
  const items = preloaded?.items ?? (await itemsOfRelease(db, release.id));
  const idsOf = (kind: ItemKind) => items.filter((i) => i.kind === kind).map((i) => i.itemId);
  const files = preloaded?.files ?? (await releasedFiles(db, release.userId, idsOf("file")));
  const out: ReleasedAssetDto[] = files.map(presentReleasedFile);
  let dek: Buffer | undefined;
  for (const itemKind of ITEM_KINDS) {
    if (itemKind === "file") continue;
    const kind = KINDS.find((k) => k.kind === TYPED_KIND_OF[itemKind])!;
    const rows = await releasedTypedRows(db, kind, release.userId, idsOf(itemKind));
    if (hasSensitiveValues(kind, rows)) dek ??= await getOrCreateUserDataKey(db, deps.keyring, release.userId);
    for (const row of rows) {
      const plain = decryptSensitive(kind, dek, release.userId, row, deps.logger);
      out.push(presentReleasedRecord(itemKind, typedAssetPresenter(kind.kind)(plain)));
    }
  }
  return out;
}

async function viewOf(deps: ReleaseDeps, release: AssetRelease, preloaded?: Preloaded): Promise<ReleaseViewDto> {
  const db = deps.database.db;
  const message = await openReleaseMessage(db, deps, release);
  const assets = await releasedAssets(db, deps, release, preloaded);
  // the open's statement already says which files are signed wills' scans: no look-up when none is
  const fileIds = preloaded
    ? preloaded.files.filter((f) => f.willScan).map((f) => f.id)
    : assets.filter((a) => a.kind === "file").map((a) => a.id);
  const signedWills = await releasedExecutions(deps, db, release.userId, fileIds);
  return {
    release: presentRelease(release, message),
    assets,
    ...(signedWills.length > 0 ? { signedWills } : {}),
  };
}

/**
 * Opens a release by its link token (contract `POST /api/releases/open`) in one statement, one commit
 * (open-release.queries.ts): with `limit`, the address's token-lookup point (429 once over the limit, nothing
 * opened); the first open moves it to `opened`; every open is written to its access log and to the owner's audit
 * trail; the release session's row is written. An unknown, revoked or expired token is one and the same 404.
 */
export async function openReleaseByToken(
  deps: ReleaseDeps,
  input: {
    token: string;
    origin: RequestOrigin;
    limit?: StatementPoint;
    session: ReleaseSessionRow;
  },
): Promise<ReleaseViewDto> {
  const now = deps.clock.now();
  const at = Date.now();
  const outcome = await openLiveRelease(deps.database, {
    tokenHash: hashToken(input.token),
    now,
    ...input.origin,
    limit: input.limit && { point: input.limit, at },
    session: input.session,
  });
  const refused = input.limit && overStatementPoint(input.limit, outcome.point, at);
  if (refused) throw refused;
  if (!outcome.opened) throw notFound();
  const { release, items, files } = outcome.opened;
  logReleaseAudit(deps.logger, {
    at: now,
    actorId: null,
    subjectUserId: release.userId,
    action: "release_opened",
    releaseId: release.id,
    ...input.origin,
  });
  return viewOf(deps, release, { items, files });
}

/** The release of the caller's release session (contract `GET /api/releases/:id`); anything else 404. */
export async function getReleaseView(deps: ReleaseDeps, input: { actor: AccessActor; id: number }) {
  const db = deps.database.db;
  await requireAccess(db, input.actor, "release:read", input.id);
  const release = await findRelease(db, input.id);
  if (!release) throw notFound();
  return viewOf(deps, release);
}

/**
 * Opens one of the release's files for its beneficiary, decrypted as the owner's own download is, after writing
 * the download to the access log and the owner's audit trail. A file outside the live release is a 404.
 */
export async function openReleasedFile(
  deps: ReleaseDeps,
  input: { actor: AccessActor; id: number; fileId: number; origin: RequestOrigin },
) {
  const db = deps.database.db;
  await requireAccess(db, input.actor, "release:read", input.id);
  await requireAccess(db, input.actor, "release:file", input.fileId);
  const release = await findRelease(db, input.id);
  if (!release) throw notFound();
  const download = await openAssetDownload(deps, { userId: release.userId, id: input.fileId });
  const now = deps.clock.now();
  const audit: ReleaseAuditEntry = {
    at: now,
    actorId: null,
    subjectUserId: release.userId,
    action: "release_file_downloaded",
    releaseId: release.id,
    details: { fileId: input.fileId },
    ...input.origin,
  };
  const record = runInTransaction(db, async (tx) => {
    await insertAccess(tx, {
      releaseId: release.id,
      userId: release.userId,
      at: now,
      action: "download",
      itemKind: "file",
      itemId: input.fileId,
      bytes: download.fileSize,
      ip: input.origin.ip,
    });
    await insertReleaseAudit(tx, audit);
  });
  // the blob is already open: a failure to record the download must close it, and no byte leaves unrecorded
  await record.catch((err: unknown) => {
    download.rest.destroy();
    throw err;
  });
  logReleaseAudit(deps.logger, audit);
  return download;
}
