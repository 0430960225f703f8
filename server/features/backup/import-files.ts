import { randomBytes } from "node:crypto";
import { pipeline, type Readable } from "node:stream";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { encryptStream } from "../../lib/crypto/file-crypto";
import { fileIdFor } from "../../lib/files/file-ids";
import { createUploadInspector } from "../../lib/files/upload-inspector";
import type { BackupSource } from "./import-archive";
import type { PlannedFile } from "./import-plan";

/** One restored file, checked and encrypted for its new owner, waiting in staging for the transaction. */
export type StagedRestoreFile = {
  file: PlannedFile;
  storedName: string;
  stagingKey: string;
  finalKey: string;
  storedSize: number;
  mimeType: string;
  sha256: string;
  /** The master key id that wrapped the blob's data key. */
  kid: string;
};

type StageDeps = Pick<AppDeps, "storage" | "keyring">;

function tampered(file: PlannedFile): AppError {
  return new AppError(
    400,
    `${file.archivePath} does not match its details in backup.json (size or SHA-256), so the archive was refused.`,
  );
}

async function countBytes(stream: Readable): Promise<number> {
  let total = 0;
  for await (const chunk of stream) total += (chunk as Buffer).length;
  return total;
}

function ignoreError(): void {
  // reported through the awaited put/count instead
}

/**
 * Streams one archive entry, found by the exact sanitised path backup.json lists (never by a name of its own), through
 * the upload inspector (magic bytes must match the extension, at most 100 MB, SHA-256) and the framed encryptor into
 * a staging blob — or, for a dry run, into a byte counter, so the preview counts the same encrypted bytes the quota
 * will. A wrong size or hash is a tampered archive (400). `track` learns the blob key before anything is written.
 */
export async function stageRestoreFile(
  deps: StageDeps,
  input: { userId: number; source: BackupSource; file: PlannedFile; dryRun: boolean; track: (key: string) => void },
): Promise<StagedRestoreFile> {
  const { file } = input;
  const entry = await input.source.openEntry(file.archivePath);
  if (!entry) throw new AppError(400, `The archive lacks ${file.archivePath}, which backup.json lists.`);
  if (entry.size !== file.fileSize) {
    entry.stream.destroy();
    throw tampered(file);
  }
  const storedName = randomBytes(16).toString("hex");
  const inspector = createUploadInspector(file.ext, file.originalFileName);
  let sourceError: unknown;
  pipeline(entry.stream, inspector, (err) => {
    sourceError = err ?? undefined;
  });
  const encrypted = encryptStream(deps.keyring, inspector, { fileId: fileIdFor(input.userId, storedName) });
  encrypted.on("error", ignoreError);
  const stagingKey = `restore/${storedName}`; // parked on the restore clock until the transaction
  let storedSize: number;
  try {
    if (input.dryRun) storedSize = await countBytes(encrypted);
    else {
      input.track(stagingKey);
      ({ bytes: storedSize } = await deps.storage.put(stagingKey, encrypted));
    }
  } catch (err) {
    // the pipeline's callback may land a tick after the encryptor reported the same failure
    if (sourceError === undefined) await new Promise((resolve) => setImmediate(resolve));
    if (sourceError === undefined) throw err; // the storage failed: a server problem, not the archive's
    if (sourceError instanceof AppError) throw new AppError(400, `${file.archivePath}: ${sourceError.message}`);
    throw tampered(file); // the entry inflated to more or fewer bytes than declared, or is corrupt
  }
  const inspected = inspector.result();
  if (inspected.fileSize !== file.fileSize || (file.sha256 !== null && inspected.sha256 !== file.sha256)) {
    throw tampered(file);
  }
  return {
    file,
    storedName,
    stagingKey,
    finalKey: `blobs/${storedName}`,
    storedSize,
    mimeType: inspected.mimeType,
    sha256: inspected.sha256,
    kid: deps.keyring.currentKid,
  };
}
