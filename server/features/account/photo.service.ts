import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { profilePhotos, users } from "@shared/schema";
import type { Logger } from "pino";
import { runInTransaction, type Db } from "../../db";
import { AppError, notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { decryptStream, encryptStream } from "../../lib/crypto/file-crypto";
import type { Keyring } from "../../lib/crypto/keyring";
import { BlobNotFoundError, newBlobKey, type BlobStorage } from "../../lib/storage";
import { imageDimensions } from "../../lib/files/file-types";

/** A profile photo is small: the request body is read whole (this cap), then encrypted on its way to storage. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const PHOTO_MAX_PIXELS = 4096;
export const PHOTO_TYPE_MESSAGE = "The photo must be a JPEG or PNG image of at most 2 MB and 4096×4096 pixels.";

type PhotoDeps = { keyring: Keyring; storage: BlobStorage; clock: Clock; logger: Logger };

/** The content's own type from its first bytes, whatever the request claimed. */
function sniff(data: Buffer): "image/jpeg" | "image/png" | undefined {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  return undefined;
}

const photoUrl = (fileId: string) => `/api/user/photo?v=${fileId.slice(-12)}`;

/**
 * Stores a new profile photo for the user: checked (magic bytes, pixel size), encrypted under the master keyring as
 * uploads are (bound to its own file id), written to staging and moved into place, then the row and the user's
 * profileImageUrl in one transaction; the previous photo's blob goes after the commit. Answers the new URL.
 */
export async function setProfilePhoto(db: Db, deps: PhotoDeps, o: { userId: number; data: Buffer }): Promise<string> {
  const mimeType = sniff(o.data);
  const size = mimeType ? imageDimensions(o.data) : undefined;
  if (!mimeType || !size || size.width > PHOTO_MAX_PIXELS || size.height > PHOTO_MAX_PIXELS) {
    throw new AppError(400, PHOTO_TYPE_MESSAGE, [{ path: "photo", message: PHOTO_TYPE_MESSAGE }]);
  }
  const fileId = `profile-${o.userId}-${randomBytes(12).toString("hex")}`;
  const staging = newBlobKey("staging");
  const blobKey = newBlobKey("blobs");
  await deps.storage.put(staging, encryptStream(deps.keyring, Readable.from([o.data]), { fileId }));
  await deps.storage.move(staging, blobKey);
  let previous: string | undefined;
  try {
    previous = await runInTransaction(db, async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, o.userId)).for("update");
      if (!user) throw notFound();
      const [old] = await tx
        .select({ key: profilePhotos.blobKey })
        .from(profilePhotos)
        .where(eq(profilePhotos.userId, o.userId));
      const row = { blobKey, fileId, mimeType, fileSize: o.data.length, updatedAt: deps.clock.now() };
      await tx
        .insert(profilePhotos)
        .values({ userId: o.userId, ...row })
        .onConflictDoUpdate({ target: profilePhotos.userId, set: row });
      await tx
        .update(users)
        .set({ profileImageUrl: photoUrl(fileId) })
        .where(eq(users.id, o.userId));
      return old?.key;
    });
  } catch (err) {
    await deps.storage.delete(blobKey);
    throw err;
  }
  if (previous) await deleteQuietly(deps, previous);
  return photoUrl(fileId);
}

/** The user's own photo, decrypted (404 when there is none). */
export async function readProfilePhoto(db: Db, deps: PhotoDeps, userId: number) {
  const [row] = await db.select().from(profilePhotos).where(eq(profilePhotos.userId, userId));
  if (!row) throw notFound();
  let ciphertext: Readable;
  try {
    ciphertext = await deps.storage.get(row.blobKey);
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw notFound();
    throw err;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of decryptStream(deps.keyring, ciphertext, { fileId: row.fileId }))
    chunks.push(chunk as Buffer);
  return { mimeType: row.mimeType, data: Buffer.concat(chunks) };
}

/** Removes the photo: row and profileImageUrl in one transaction, the blob after it. */
export async function removeProfilePhoto(db: Db, deps: PhotoDeps, userId: number): Promise<void> {
  const key = await runInTransaction(db, async (tx) => {
    const [row] = await tx.delete(profilePhotos).where(eq(profilePhotos.userId, userId)).returning();
    await tx.update(users).set({ profileImageUrl: null }).where(eq(users.id, userId));
    return row?.blobKey;
  });
  if (key) await deleteQuietly(deps, key);
}

async function deleteQuietly(deps: PhotoDeps, key: string) {
  try {
    await deps.storage.delete(key);
  } catch (err) {
    deps.logger.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, "old photo not deleted");
  }
}
