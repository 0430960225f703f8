import { Duplex } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";

/** The startup packet's protocol number (3.0) and the cancel request's code, as in PostgreSQL's protocol docs. */
const CANCEL_REQUEST_CODE = 80877102;
const SSL_REQUEST_CODE = 80877103;

/** An error shaped like the one a refused socket gives, so outage detection and the pool treat it the same. */
function unreachable(message: string, code: "ECONNREFUSED" | "ECONNRESET"): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/**
 * Length of the complete protocol messages at the start of `buf` (0 when the first one is still partial). Before the
 * startup packet the framing is `int32 length` (the length counts itself); after it, `byte type, int32 length`.
 */
function completeLength(buf: Buffer, started: boolean): number {
  let at = 0;
  let first = !started;
  for (;;) {
    const header = first ? 4 : 5;
    if (buf.length - at < header) return at;
    const size = first ? buf.readInt32BE(at) : 1 + buf.readInt32BE(at + 1);
    if (size < header - (first ? 0 : 1) || buf.length - at < size) return at;
    at += size;
    if (first) return at; // the startup packet goes alone: what follows it is framed differently
    first = false;
  }
}

/**
 * One `pg` connection to the in-process PGlite: a Duplex that hands the client's protocol bytes to PGlite and
 * pushes its answers back, with no socket in between. Every complete message a write carries goes to PGlite in
 * one call (PostgreSQL's own main loop walks them), and the answers come back as one chunk.
 */
class PGliteConnection extends Duplex {
  private pending = Buffer.alloc(0);
  private started = false;

  constructor(
    private readonly bridge: PGliteBridge,
    private readonly db: PGlite,
  ) {
    super({ allowHalfOpen: false });
  }

  /* The net.Socket methods pg calls. */
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  connect(): this {
    process.nextTick(() => {
      if (this.bridge.paused)
        this.destroy(unreachable("connect ECONNREFUSED (embedded database stopped)", "ECONNREFUSED"));
      else {
        this.bridge.open.add(this);
        this.emit("connect");
      }
    });
    return this;
  }

  override _read(): void {
    // Answers are pushed as PGlite produces them; nothing to pull.
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.feed([chunk]).then(() => done(), done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void {
    this.feed(chunks.map((c) => c.chunk)).then(() => done(), done);
  }

  private async feed(chunks: Buffer[]): Promise<void> {
    if (this.bridge.paused) throw unreachable("Connection terminated: embedded database stopped", "ECONNRESET");
    this.pending = this.pending.length ? Buffer.concat([this.pending, ...chunks]) : Buffer.concat(chunks);
    for (;;) {
      const n = completeLength(this.pending, this.started);
      if (n === 0) return;
      const messages = this.pending.subarray(0, n);
      this.pending = this.pending.subarray(n);
      if (!this.started) {
        this.started = true;
        const code = messages.length >= 8 ? messages.readInt32BE(4) : 0;
        if (code === CANCEL_REQUEST_CODE) {
          this.end(); // cancelling is not supported by PGlite; statement_timeout runs inside it
          return;
        }
        if (code === SSL_REQUEST_CODE) {
          this.started = false;
          this.push(Buffer.from("N"));
          continue;
        }
      }
      await this.run(messages);
    }
  }

  private async run(messages: Buffer): Promise<void> {
    const answers: Buffer[] = [];
    this.bridge.lastUser = this;
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(new Uint8Array(messages), {
        // The chunk is a view of PGlite's buffer, reused by the next call: copy it.
        onRawData: (data) => void answers.push(Buffer.from(data)),
      }),
    );
    if (answers.length && !this.destroyed) this.push(answers.length === 1 ? answers[0] : Buffer.concat(answers));
  }

  override _final(done: (err?: Error | null) => void): void {
    this.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.bridge.open.delete(this);
    // PGlite has one session for every connection: a transaction left open by this one would hold the next.
    this.bridge.rollbackIfOpen(this).then(
      () => done(err),
      () => done(err),
    );
  }
}

/**
 * Connections from `pg` to an in-process PGlite. `pause()` ends the live ones and refuses new ones as a stopped
 * server would (ECONNRESET / ECONNREFUSED), so an outage answers 503 and `resume()` brings the app back.
 */
export class PGliteBridge {
  paused = false;
  readonly open = new Set<PGliteConnection>();
  /** The connection that sent the last messages: only it can have left a transaction open. */
  lastUser: PGliteConnection | null = null;

  constructor(private readonly db: PGlite) {}

  /** The `stream` factory for pg's client config. */
  readonly connect = (): Duplex => new PGliteConnection(this, this.db);

  async rollbackIfOpen(conn: PGliteConnection): Promise<void> {
    if (this.lastUser !== conn) return;
    this.lastUser = null;
    if (this.db.closed || !this.db.isInTransaction()) return;
    await this.db.exec("ROLLBACK");
  }

  pause(): void {
    this.paused = true;
    for (const c of this.open) c.destroy(unreachable("Connection terminated unexpectedly", "ECONNRESET"));
  }

  resume(): void {
    this.paused = false;
  }
}
