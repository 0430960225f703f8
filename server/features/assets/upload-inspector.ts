import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { MAX_FILE_BYTES } from "@shared/asset-types";
import { AppError } from "../../lib/app-error";
import type { AcceptedExtension } from "./file-names";
import { SNIFF_BYTES, verifiedMimeType } from "./file-types";

export type InspectedFile = { mimeType: string; fileSize: number; sha256: string };

export type UploadInspector = Transform & {
  /** Valid once the stream has finished without error. */
  result(): InspectedFile;
};

export function contentMismatch(fileName: string): AppError {
  return new AppError(415, `"${fileName}" does not contain what its extension says, so it was not uploaded.`);
}

/**
 * A pass-through that checks an upload on its way to the encryptor: it holds back the first SNIFF_BYTES until
 * their magic bytes match the extension (a mismatch fails the stream before one byte is encrypted or stored),
 * counts the plaintext bytes (re-checking the size limit, whatever the parser did) and hashes the content.
 */
export function createUploadInspector(ext: AcceptedExtension, fileName: string): UploadInspector {
  const hash = createHash("sha256");
  let head: Buffer[] = [];
  let headBytes = 0;
  let mimeType: string | undefined;
  let fileSize = 0;
  let digest: string | undefined;

  const releaseHead = (stream: Transform, callback: TransformCallback) => {
    const bytes = Buffer.concat(head, headBytes);
    head = [];
    verifiedMimeType(ext, bytes.subarray(0, SNIFF_BYTES)).then(
      (mime) => {
        if (!mime) return callback(contentMismatch(fileName));
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
      if (headBytes < SNIFF_BYTES) return callback();
      releaseHead(this, callback);
    },
    flush(callback) {
      if (mimeType) return callback();
      releaseHead(this, callback); // files shorter than SNIFF_BYTES are checked here (an empty one fails)
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
