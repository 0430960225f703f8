import { randomBytes } from "node:crypto";
import http from "node:http";

/**
 * Test-only raw uploads, for what supertest cannot send: a multipart upload written by hand onto a socket (so a test
 * can stream 100 MB or cut it off), and multipart bodies built byte by byte (so a test can send a malformed one).
 */

/** One part of a hand-built multipart body; a part with a `fileName` is a PDF file. */
export type Part = { name: string; value: string | Buffer; fileName?: string };

/** A whole multipart/form-data body with the given boundary: what a browser would send, or a malformed variant. */
export function multipart(boundary: string, parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? "" : `; filename="${part.fileName}"`}`;
    const type = part.fileName === undefined ? "" : "Content-Type: application/pdf\r\n";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export type RawUploadOptions = {
  port: number;
  cookie: string;
  fileName: string;
  /** Bytes of file content to send (a PDF header then filler); generated on the fly, never held whole. */
  size: number;
  /** Destroy the socket after this many content bytes instead of finishing. */
  abortAfter?: number;
  category?: string;
  /** Defaults to the upload route; a benchmark points the same body at its baseline server. */
  path?: string;
};

export type RawUploadResult = { status: number; body: string } | { aborted: true };

const CHUNK = randomBytes(64 * 1024);
const PDF_HEAD = Buffer.from("%PDF-1.7\n");

export function rawUpload(opts: RawUploadOptions): Promise<RawUploadResult> {
  const boundary = `----heirloom${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${opts.category ?? "documents"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${opts.fileName}"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    // No Content-Length: a chunked body, as a streaming client sends it (UPL-03).
    const req = http.request({
      host: "127.0.0.1",
      port: opts.port,
      method: "POST",
      path: opts.path ?? "/api/assets/upload",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: opts.cookie },
    });
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8") }));
    });
    req.on("error", (err) => (opts.abortAfter !== undefined ? resolve({ aborted: true }) : reject(err)));
    const write = (data: Buffer) => (req.write(data) ? Promise.resolve() : new Promise((r) => req.once("drain", r)));
    void (async () => {
      await write(head);
      let sent = 0;
      await write(PDF_HEAD);
      sent += PDF_HEAD.length;
      while (sent < opts.size) {
        if (opts.abortAfter !== undefined && sent >= opts.abortAfter) {
          req.destroy();
          resolve({ aborted: true });
          return;
        }
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, opts.size - sent));
        await write(piece);
        sent += piece.length;
      }
      req.end(tail);
    })().catch(reject);
  });
}
