import { randomBytes } from "node:crypto";
import { PassThrough, Readable, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { createZipWriter, type ZipWriter } from "./zip-writer";

const AT = new Date(2026, 4, 17, 9, 30, 42);

async function zipOf(write: (zip: ZipWriter) => Promise<void>): Promise<Buffer> {
  const parts: Buffer[] = [];
  const out = new PassThrough();
  out.on("data", (c: Buffer) => parts.push(c));
  const zip = createZipWriter(out, { signal: new AbortController().signal, deflateLevel: 1 });
  await write(zip);
  await zip.finish();
  out.end();
  return Buffer.concat(parts);
}

async function readZip(zip: Buffer) {
  const file = await yauzl.fromBufferPromise(zip, {
    lazyEntries: true,
    strictFileNames: true,
    validateEntrySizes: true,
  });
  const out: { entry: yauzl.Entry; data: Buffer }[] = [];
  for await (const entry of file.eachEntry()) {
    const parts: Buffer[] = [];
    for await (const part of await file.openReadStreamPromise(entry)) parts.push(part as Buffer);
    out.push({ entry, data: Buffer.concat(parts) });
  }
  return out;
}

describe("ZIP writer", () => {
  it("writes stored and deflated entries that read back with their names, contents, CRCs and dates", async () => {
    const media = randomBytes(300_000);
    const text = Buffer.from("Ɛsi and Kofi share the house in Kumasi. ".repeat(5_000));
    const zip = await zipOf(async (w) => {
      await w.addBuffer({ name: "backup.json", date: AT, store: false }, Buffer.from('{"a":1}'));
      await w.addStream({ name: "files/images/ɔdɔ.jpg", date: AT, store: true }, Readable.from([media]));
      await w.addStream(
        { name: "files/documents/will.doc", date: AT, store: false },
        Readable.from([text.subarray(0, 1000), text.subarray(1000)]),
      );
    });
    const entries = await readZip(zip);
    expect(entries.map((e) => e.entry.fileName)).toEqual([
      "backup.json",
      "files/images/ɔdɔ.jpg",
      "files/documents/will.doc",
    ]);
    expect(entries.map((e) => e.entry.compressionMethod)).toEqual([8, 0, 8]);
    expect(entries[1].data.equals(media)).toBe(true);
    expect(entries[2].data.equals(text)).toBe(true);
    expect(entries[2].entry.compressedSize).toBeLessThan(text.length / 10);
    expect(entries[0].entry.getLastModDate().getTime()).toBe(AT.getTime());
  });

  it("marks every entry a regular file made on Unix, never a link or a directory", async () => {
    const zip = await zipOf((w) => w.addBuffer({ name: "a.txt", date: AT, store: true }, Buffer.from("a")));
    const [{ entry }] = await readZip(zip);
    expect(entry.versionMadeBy >> 8).toBe(3);
    expect((entry.externalFileAttributes >>> 16) & 0o170000).toBe(0o100000);
  });

  it("uses ZIP64 sizes for an entry announced at 4 GiB, and ZIP64 end records past 65 535 entries", async () => {
    const big = await zipOf((w) =>
      w.addStream({ name: "huge.mp4", date: AT, store: true, sizeHint: 2 ** 32 }, Readable.from([Buffer.from("x")])),
    );
    expect((await readZip(big))[0].data.toString()).toBe("x");
    const many = await zipOf(async (w) => {
      for (let i = 0; i < 65_540; i += 1) await w.addBuffer({ name: `${i}`, date: AT, store: true }, Buffer.alloc(0));
    });
    const file = await yauzl.fromBufferPromise(many, { lazyEntries: true });
    expect(file.entryCount).toBe(65_540);
    file.close();
  });

  it("stops waiting for a stalled output when aborted, and destroys the source", async () => {
    let firstWrite = () => {};
    const writing = new Promise<void>((resolve) => (firstWrite = resolve));
    // takes one write and never calls back: never drains
    const stalled = new Writable({ highWaterMark: 1, write: () => firstWrite() });
    const controller = new AbortController();
    const zip = createZipWriter(stalled, { signal: controller.signal, deflateLevel: 1 });
    const source = new PassThrough();
    source.end(randomBytes(64 * 1024));
    const added = zip.addStream({ name: "a.bin", date: AT, store: true }, source);
    await writing; // the writer is now waiting on the stalled output
    controller.abort(new Error("client disconnected"));
    await expect(added).rejects.toThrow();
    expect(source.destroyed).toBe(true);
  });

  it("passes a failing source's error on", async () => {
    const failing = new Readable({ read() {} });
    const zip = createZipWriter(new PassThrough().resume(), { signal: new AbortController().signal, deflateLevel: 1 });
    const added = zip.addStream({ name: "a.bin", date: AT, store: false }, failing);
    failing.destroy(new Error("tag mismatch"));
    await expect(added).rejects.toThrow("tag mismatch");
  });
});
