import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { DecryptionError } from "./errors";
import { FILE_FRAME_LENGTH, decryptStream, encryptStream } from "./file-crypto";
import { createKeyring } from "./keyring";

const k1 = randomBytes(32);
const k2 = randomBytes(32);
const keyringV1 = createKeyring({ keys: { k1 }, currentKid: "k1" });
const keyringV2 = createKeyring({ keys: { k1, k2 }, currentKid: "k2" });
const F = FILE_FRAME_LENGTH;
// Message format v2 frame sizes: regular = seq(4) iv(12) body(F) tag(16); final = marker(4) seq(4) iv(12) len(4) body tag(16).
const REGULAR_FRAME_BYTES = 4 + 12 + F + 16;
const FINAL_FRAME_OVERHEAD = 4 + 4 + 12 + 4 + 16;

/** A readable that hands over `data` in 64 KiB pieces, like a socket or file would. */
function streamOf(data: Buffer, pieceSize = 64 * 1024): Readable {
  function* pieces(): Generator<Buffer> {
    for (let offset = 0; offset < data.length; offset += pieceSize) yield data.subarray(offset, offset + pieceSize);
  }
  return Readable.from(pieces(), { objectMode: false });
}

/** Reads a stream to the end, keeping what was emitted before an error. */
async function drain(stream: Readable): Promise<{ data: Buffer; error?: unknown }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    return { data: Buffer.concat(chunks), error };
  }
  return { data: Buffer.concat(chunks) };
}

async function encrypt(data: Buffer, fileId = "file-1", keyring = keyringV1): Promise<Buffer> {
  const { data: blob, error } = await drain(encryptStream(keyring, streamOf(data), { fileId }));
  expect(error).toBeUndefined();
  return blob;
}

/** Offset in the blob of frame `index` (0-based), for a plaintext of 9 full frames plus a 1000-byte final one. */
function frameOffset(blob: Buffer, index: number, frames: number, finalBytes: number): number {
  const header = blob.length - (frames - 1) * REGULAR_FRAME_BYTES - (FINAL_FRAME_OVERHEAD + finalBytes);
  const offset = header + index * REGULAR_FRAME_BYTES;
  // Sanity check the layout: each regular frame starts with its 1-based sequence number.
  if (index < frames - 1) expect(blob.readUInt32BE(offset)).toBe(index + 1);
  else expect(blob.readUInt32BE(offset)).toBe(0xffffffff);
  return offset;
}

describe("file envelope encryption", () => {
  it.each([
    ["empty", 0],
    ["1 byte", 1],
    ["1 MiB + 1", 1024 * 1024 + 1],
    ["5 MB", 5_000_000],
    ["an exact number of frames", 2 * F],
  ])("round-trips a %s file", async (_name, size) => {
    const plaintext = randomBytes(size);
    const blob = await encrypt(plaintext, "file-rt");
    const { data, error } = await drain(decryptStream(keyringV1, streamOf(blob), { fileId: "file-rt" }));
    expect(error).toBeUndefined();
    expect(data.equals(plaintext)).toBe(true);
  });

  it("stores no recognisable plaintext: no %PDF magic, no canary, same sha256 after the round trip (UPL-08)", async () => {
    const plaintext = Buffer.concat([Buffer.from("%PDF-1.7\n% CANARY-4471\n"), randomBytes(300_000)]);
    const blob = await encrypt(plaintext);
    expect(blob.subarray(0, 4).toString("latin1")).not.toBe("%PDF");
    expect(blob.includes(Buffer.from("CANARY-4471"))).toBe(false);
    expect(blob.includes(Buffer.from("k1"))).toBe(true); // header names the kid
    const { data } = await drain(decryptStream(keyringV1, streamOf(blob), { fileId: "file-1" }));
    const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
    expect(sha(data)).toBe(sha(plaintext));
  });

  it("refuses a blob presented under another file id before emitting anything", async () => {
    const blob = await encrypt(randomBytes(1000), "file-a");
    const { data, error } = await drain(decryptStream(keyringV1, streamOf(blob), { fileId: "file-b" }));
    expect(error).toBeInstanceOf(DecryptionError);
    expect((error as DecryptionError).reason).toBe("context-mismatch");
    expect(data.length).toBe(0);
  });

  it("decrypts kid1 files with a keyring whose current kid is kid2, and writes new files under kid2 (CRY-04)", async () => {
    const plaintext = randomBytes(F + 10);
    const oldBlob = await encrypt(plaintext, "file-1", keyringV1);
    expect(
      (await drain(decryptStream(keyringV2, streamOf(oldBlob), { fileId: "file-1" }))).data.equals(plaintext),
    ).toBe(true);

    const newBlob = await encrypt(plaintext, "file-1", keyringV2);
    const kid2Only = createKeyring({ keys: { k2 }, currentKid: "k2" });
    expect((await drain(decryptStream(kid2Only, streamOf(newBlob), { fileId: "file-1" }))).data.equals(plaintext)).toBe(
      true,
    );
    const { data, error } = await drain(decryptStream(kid2Only, streamOf(oldBlob), { fileId: "file-1" }));
    expect(error).toBeInstanceOf(DecryptionError);
    expect(data.length).toBe(0);
  });

  it("fails the encrypted stream with the source's own error when the upload breaks", async () => {
    const boom = new Error("client went away");
    async function* broken(): AsyncGenerator<Buffer> {
      yield randomBytes(F * 2);
      throw boom;
    }
    const { error } = await drain(
      encryptStream(keyringV1, Readable.from(broken(), { objectMode: false }), { fileId: "f" }),
    );
    expect(error).toBe(boom);
  });

  it("passes a storage read error through unchanged rather than calling it tampering", async () => {
    const blob = await encrypt(randomBytes(3 * F));
    const ioError = new Error("EIO");
    async function* broken(): AsyncGenerator<Buffer> {
      yield blob.subarray(0, F);
      throw ioError;
    }
    const { error } = await drain(
      decryptStream(keyringV1, Readable.from(broken(), { objectMode: false }), { fileId: "file-1" }),
    );
    expect(error).toBe(ioError);
  });

  it("stops cleanly when the consumer abandons either stream half-way (no crash, source released)", async () => {
    const source = streamOf(randomBytes(8 * F));
    const encrypted = encryptStream(keyringV1, source, { fileId: "f" });
    for await (const chunk of encrypted) {
      if ((chunk as Buffer).length > 0) break; // for-await break destroys the stream
    }
    const blob = await encrypt(randomBytes(8 * F));
    const decrypted = decryptStream(keyringV1, streamOf(blob), { fileId: "file-1" });
    for await (const chunk of decrypted) {
      if ((chunk as Buffer).length > 0) break;
    }
    // every stream has closed (an error with no one to handle it would have failed the run by then), and the source
    // was let go
    const closed = (stream: Readable) =>
      new Promise<void>((resolve) => (stream.closed ? resolve() : stream.once("close", () => resolve())));
    await Promise.all([closed(source), closed(encrypted), closed(decrypted)]);
    expect(source.destroyed).toBe(true);
  });

  it("refuses a bad file id", () => {
    expect(() => encryptStream(keyringV1, streamOf(Buffer.alloc(1)), { fileId: "../x" })).toThrow(TypeError);
  });
});

describe("stream tampering (CRY-03)", () => {
  const frames = 10;
  const finalBytes = 1000;
  const plaintext = randomBytes((frames - 1) * F + finalBytes);
  const blobPromise = encrypt(plaintext, "file-t");

  async function expectRejected(tampered: Buffer, badFrameIndex: number): Promise<void> {
    const { data, error } = await drain(decryptStream(keyringV1, streamOf(tampered), { fileId: "file-t" }));
    expect(error).toBeInstanceOf(DecryptionError);
    expect((error as DecryptionError).message).toBe("Decryption failed");
    // Nothing from the bad frame or after it: only (part of) the verified frames before it, all genuine.
    expect(data.length).toBeLessThanOrEqual(badFrameIndex * F);
    expect(data.equals(plaintext.subarray(0, data.length))).toBe(true);
  }

  it("stops at a flipped byte in the middle of frame 3 of 10", async () => {
    const blob = Buffer.from(await blobPromise);
    const offset = frameOffset(blob, 2, frames, finalBytes);
    blob[offset + 16 + F / 2] ^= 0x01;
    await expectRejected(blob, 2);
  });

  it("detects a dropped final frame (truncation)", async () => {
    const blob = await blobPromise;
    await expectRejected(blob.subarray(0, frameOffset(blob, frames - 1, frames, finalBytes)), frames - 1);
  });

  it("detects a blob cut in the middle of a frame", async () => {
    const blob = await blobPromise;
    await expectRejected(blob.subarray(0, frameOffset(blob, 4, frames, finalBytes) + 100), 4);
  });

  it("detects two swapped frames", async () => {
    const blob = await blobPromise;
    const [a, b] = [frameOffset(blob, 1, frames, finalBytes), frameOffset(blob, 2, frames, finalBytes)];
    const frameA = blob.subarray(a, a + REGULAR_FRAME_BYTES);
    const frameB = blob.subarray(b, b + REGULAR_FRAME_BYTES);
    const swapped = Buffer.concat([blob.subarray(0, a), frameB, frameA, blob.subarray(b + REGULAR_FRAME_BYTES)]);
    await expectRejected(swapped, 1);
  });

  it("detects swapped frame bodies even when the sequence numbers are left in order", async () => {
    const blob = Buffer.from(await blobPromise);
    const [a, b] = [frameOffset(blob, 1, frames, finalBytes), frameOffset(blob, 2, frames, finalBytes)];
    const bodyA = Buffer.from(blob.subarray(a + 4, a + REGULAR_FRAME_BYTES));
    blob.copy(blob, a + 4, b + 4, b + REGULAR_FRAME_BYTES);
    bodyA.copy(blob, b + 4);
    await expectRejected(blob, 1);
  });

  it("detects a tampered header (kid, encryption context or commitment)", async () => {
    const blob = Buffer.from(await blobPromise);
    blob[40] ^= 0x01;
    await expectRejected(blob, 0);
  });
});
