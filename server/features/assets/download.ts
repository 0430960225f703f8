import { pipeline } from "node:stream/promises";
import type { Response } from "express";
import type { AssetDownload } from "./assets.service";
import { contentDisposition } from "../../lib/files/file-names";

/**
 * Streams a verified download (UPL-06): always an attachment with an RFC 6266 name, never sniffed or rendered
 * (nosniff, CSP sandbox), never cached. Content-Length is the plaintext size, so if a later frame fails
 * verification and the socket is cut, every client sees a truncated transfer rather than a complete file.
 * Resolves with the error that stopped the stream, if any, after the response has been destroyed.
 */
export async function sendDownload(res: Response, download: AssetDownload): Promise<unknown> {
  res.status(200);
  res.setHeader("Content-Type", download.mimeType);
  res.setHeader("Content-Length", String(download.fileSize));
  res.setHeader("Content-Disposition", contentDisposition(download.fileName));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "sandbox");
  res.setHeader("Cache-Control", "no-store");
  try {
    if (download.first) res.write(download.first);
    // pipeline destroys the decrypting stream if the client goes away, which stops reading the blob.
    await pipeline(download.rest, res);
    return undefined;
  } catch (err) {
    res.destroy();
    return err;
  }
}
