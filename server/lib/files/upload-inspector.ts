import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { MAX_FILE_BYTES } from "@shared/asset-types";
import { AppError } from "../app-error";
import type { AcceptedExtension } from "./file-names";
import {
  IMAGE_EXTENSIONS,
  IMAGE_HEAD_BYTES,
  MAX_IMAGE_PIXELS,
  SNIFF_BYTES,
  imageDimensions,
  verifiedMimeType,
} from "./file-types";

export type InspectedFile = { mimeType: string; fileSize: number; sha256: string };

export type UploadInspector = Transform & {
  /** Valid once the stream has finished without error. */
  result(): InspectedFile;
};

export function contentMismatch(fileName: string): AppError {
  return new AppError(415, `"${fileName}" does not contain what its extension says, so it was not uploaded.`);
}

/** An image too large in pixels to be opened safely by whoever views it (UPL-02). */
function pixelFlood(fileName: string, size?: { width: number; height: number }): AppError {
  const limit = `images may be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  return size
    ? new AppError(415, `"${fileName}" is ${size.width} × ${size.height} pixels; ${limit}. It was not uploaded.`)
    : new AppError(415, `"${fileName}" is an image whose size could not be read, so it was not uploaded.`);
}

/**
 * A pass-through that checks an upload on its way to the encryptor: it holds back the first SNIFF_BYTES until
 * their magic bytes match the extension (a mismatch fails the stream before one byte is encrypted or stored),
 * counts the plaintext bytes (re-checking the size limit, whatever the parser did) and hashes the content.
 * Images are held back until their width and height are readable (at most IMAGE_HEAD_BYTES): one larger than
 * MAX_IMAGE_PIXELS, or whose size cannot be read, is refused the same way.
 */
export function createUploadInspector(ext: AcceptedExtension, fileName: string): UploadInspector {
  const hash = createHash("sha256");
  let head: Buffer[] = [];
  let headBytes = 0;
  let mimeType: string | undefined;
  let fileSize = 0;
  let digest: string | undefined;

  const isImage = IMAGE_EXTENSIONS.has(ext);
  let size: { width: number; height: number } | undefined;

  /** Whether enough of the file is held to judge it: its magic bytes, and for an image its pixel size. */
  const enoughHeld = () => {
    if (headBytes < SNIFF_BYTES) return false;
    if (!isImage || headBytes >= IMAGE_HEAD_BYTES) return true;
    size = imageDimensions(Buffer.concat(head, headBytes));
    return size !== undefined;
  };

  const releaseHead = (stream: Transform, callback: TransformCallback) => {
    const bytes = Buffer.concat(head, headBytes);
    head = [];
    verifiedMimeType(ext, bytes.subarray(0, SNIFF_BYTES)).then(
      (mime) => {
        if (!mime) return callback(contentMismatch(fileName));
        if (isImage) {
          size ??= imageDimensions(bytes);
          if (!size || size.width * size.height > MAX_IMAGE_PIXELS) return callback(pixelFlood(fileName, size));
        }
        mimeType = mime;
        stream.push(bytes);
        callback();
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  };

  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      fileSize += chunk.length;
      if (fileSize > MAX_FILE_BYTES) return callback(new AppError(413, "Each file may be at most 100 MB."));
      hash.update(chunk);
      if (mimeType) return callback(null, chunk);
      head.push(chunk);
      headBytes += chunk.length;
      if (!enoughHeld()) return callback();
      releaseHead(this, callback);
    },
    flush(callback) {
      if (mimeType) return callback();
      releaseHead(this, callback); // files shorter than what is held back are checked here (an empty one fails)
    },
  });

  return Object.assign(inspector, {
    result(): InspectedFile {
      if (!mimeType) throw new Error("upload inspected before it finished");
      digest ??= hash.digest("hex");
      return { mimeType, fileSize, sha256: digest };
    },
  });
}
