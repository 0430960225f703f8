import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { RequestHandler } from "express";
import multer, { MulterError } from "multer";
import { AppError } from "../../lib/app-error";
import { decryptStream, encryptStream } from "../../lib/crypto/file-crypto";
import type { Keyring } from "../../lib/crypto/keyring";
import { fileIdFor } from "../../lib/files/file-ids";
import { acceptedExtensionOf, sanitizeFileName } from "../../lib/files/file-names";
import { verifiedMimeType } from "../../lib/files/file-types";
import type { BlobStorage } from "../../lib/storage";

/** Evidence is a scan or a photo: 20 MB is a generous certificate scan, and bounds what a request holds in memory. */
export const MAX_EVIDENCE_BYTES = 20 * 1024 * 1024;
export const EVIDENCE_EXTENSIONS = ["pdf", "jpg", "jpeg", "png"] as const;
export const EVIDENCE_TOO_LARGE = "Evidence files may be at most 20 MB.";
export const EVIDENCE_TYPE_MESSAGE = "Upload a PDF, JPG or PNG file";

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { files: 1, fileSize: MAX_EVIDENCE_BYTES, fields: 5, fieldSize: 1024, parts: 6 },
}).single("file");

/** Parses the multipart body (one `file`, the text fields); a file over the limit is the contract's 413. */
export const parseEvidence: RequestHandler = (req, res, next) => {
  parser(req, res, (err: unknown) => {
    if (err instanceof MulterError && err.code === "LIMIT_FILE_SIZE")
      return next(new AppError(413, EVIDENCE_TOO_LARGE));
    next(err);
  });
};

export type StoredEvidence = { key: string; fileName: string; fileSize: number; mimeType: string };

/**
 * Checks the file (extension and content must agree: a PNG named .pdf is refused) and stores it encrypted like an
 * uploaded file, bound to the subject and its random name. Answers where it went; the caller deletes the blob if its
 * transaction fails.
 */
export async function storeEvidence(
  deps: { keyring: Keyring; storage: BlobStorage },
  subjectId: number,
  file: Express.Multer.File | undefined,
): Promise<StoredEvidence> {
  const fail = () => new AppError(400, EVIDENCE_TYPE_MESSAGE, [{ path: "file", message: EVIDENCE_TYPE_MESSAGE }]);
  if (!file || file.size === 0) throw fail();
  const fileName = sanitizeFileName(file.originalname);
  const ext = acceptedExtensionOf(fileName);
  if (!ext || !(EVIDENCE_EXTENSIONS as readonly string[]).includes(ext)) throw fail();
  const mimeType = await verifiedMimeType(ext, file.buffer.subarray(0, 4100));
  if (!mimeType) throw fail();
  const storedName = randomBytes(16).toString("hex");
  const key = `blobs/${storedName}`;
  const encrypted = encryptStream(deps.keyring, Readable.from([file.buffer]), {
    fileId: fileIdFor(subjectId, storedName),
  });
  await deps.storage.put(key, encrypted);
  return { key, fileName, fileSize: file.size, mimeType };
}

/** The decrypted evidence, verified whole before a byte is sent (files are at most 20 MB). */
export async function readEvidence(
  deps: { keyring: Keyring; storage: BlobStorage },
  doc: { userId: number; filePath: string },
): Promise<Buffer> {
  const storedName = doc.filePath.slice("blobs/".length);
  const plain = decryptStream(deps.keyring, await deps.storage.get(doc.filePath), {
    fileId: fileIdFor(doc.userId, storedName),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of plain) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
