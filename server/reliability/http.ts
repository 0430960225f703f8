import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { fileOf } from "../test/files";

/** A signed-in user of a spawned server: fetch that keeps the session cookie, like a CLI client (no Origin). */
export class Session {
  private cookies = new Map<string, string>();

  constructor(public baseUrl: string) {}

  /** The same signed-in user talking to another server process of the same installation (one session store). */
  at(baseUrl: string): Session {
    const other = new Session(baseUrl);
    other.cookies = this.cookies;
    return other;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(urlPath: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("cookie", this.cookieHeader);
    const res = await fetch(`${this.baseUrl}${urlPath}`, {
      ...init,
      headers,
      redirect: "manual",
      signal: init.signal ?? AbortSignal.timeout(20_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  async json<T>(urlPath: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const res = await this.fetch(urlPath, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Registers a fresh freemium client (10 MB of storage) and keeps its session. */
  static async register(baseUrl: string, firstName = "Ama"): Promise<Session> {
    const session = new Session(baseUrl);
    const email = `${firstName.toLowerCase()}.${randomBytes(6).toString("hex")}@example.com`;
    const res = await session.fetch("/api/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "Correct horse battery staple 42", firstName, lastName: "Mensah" }),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${text}`);
    return session;
  }
}

export type UserDto = { id: number; storageUsed: number; storageLimit: number };
export type AssetDto = { id: number; originalFileName: string; fileSize: number };

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A PDF of `size` bytes (real magic bytes, random body). */
export const pdfOf = (size: number) => fileOf("pdf", size);

export type StreamingUpload = {
  /** Plaintext bytes of the file handed to the socket so far. */
  sent(): number;
  /** With `holdAt`: resolves once that many bytes are sent and the client has stopped writing. */
  held: Promise<void>;
  /** With `holdAt`: writes the rest of the file. */
  release(): void;
  /** Status and body (and Retry-After, when set) once the server answers; rejects if the connection dies first. */
  response: Promise<{ status: number; body: string; retryAfter?: string }>;
  /** Stops writing and destroys the socket. */
  abort(): void;
};

/**
 * POST /api/assets/upload as a chunked multipart stream written piece by piece (node:http, no buffering of
 * the whole body), so a test can act while the body is still arriving. With `holdAt` the client stops once that many
 * bytes of the file are sent and goes on only at `release()`: the upload is in flight for as long as the test needs.
 */
export function streamUpload(
  session: Session,
  file: Buffer,
  opts: { fileName?: string; chunkBytes?: number; holdAt?: number } = {},
): StreamingUpload {
  const boundary = `----hlrel${randomBytes(8).toString("hex")}`;
  const fileName = opts.fileName ?? "letter.pdf";
  const chunkBytes = opts.chunkBytes ?? 256 * 1024;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\ndocuments\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL("/api/assets/upload", session.baseUrl);
  let sent = 0;
  let aborted = false;
  const req = http.request(url, {
    method: "POST",
    agent: false,
    headers: {
      cookie: session.cookieHeader,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "transfer-encoding": "chunked",
      connection: "close",
    },
  });
  const response = new Promise<{ status: number; body: string; retryAfter?: string }>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("error", reject);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(parts).toString(),
          retryAfter: res.headers["retry-after"],
        }),
      );
    });
  });
  // Keep an unobserved rejection (the socket dying under a SIGKILL) from failing the run; callers await it.
  response.catch(() => undefined);

  const write = (buf: Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (aborted) return reject(new Error("upload aborted"));
      const ok = req.write(buf, (err) => (err ? reject(err) : undefined));
      if (ok) resolve();
      else req.once("drain", resolve);
    });

  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld = () => {};
  const held = new Promise<void>((resolve) => (markHeld = resolve));

  void (async () => {
    try {
      await write(head);
      for (let offset = 0; offset < file.length && !aborted; offset += chunkBytes) {
        const piece = file.subarray(offset, offset + chunkBytes);
        await write(piece);
        sent += piece.length;
        if (opts.holdAt !== undefined && sent >= opts.holdAt && sent - piece.length < opts.holdAt) {
          markHeld();
          await released;
        }
      }
      if (!aborted) {
        await write(tail);
        req.end();
      }
    } catch {
      // The connection went away (the test killed the server); `response` reports it.
    }
  })();

  return {
    sent: () => sent,
    held,
    release,
    response,
    abort() {
      aborted = true;
      req.destroy();
    },
  };
}

/** A whole upload through the streaming client; resolves with the status and parsed body. */
export async function upload(session: Session, file: Buffer, fileName = "letter.pdf") {
  const { status, body, retryAfter } = await streamUpload(session, file, { fileName, chunkBytes: 1024 * 1024 })
    .response;
  return { status, body: body ? (JSON.parse(body) as unknown) : null, retryAfter };
}
