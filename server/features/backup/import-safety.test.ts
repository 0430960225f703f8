import { randomBytes } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackupDocument } from "@shared/backup-format";
import { startTestApp, type TestApp } from "../../test/harness";
import { countReadBytes, fileOf, keysUnder, sha256 } from "../../test/files";
import {
  craftZip,
  exportBackup,
  importBackup,
  ownedCounts,
  parseJson,
  zipEntries,
  type CraftedEntry,
} from "./backup.test-support";
import { SPOOL_CHUNK_BYTES } from "./spool";
import { buildEstate } from "../../test/factories";

let t: TestApp;
let doc: BackupDocument;
let files: Map<string, Buffer>;
beforeAll(async () => {
  t = await startTestApp();
  const source = await t.signUp();
  await buildEstate(source.agent);
  const entries = await zipEntries((await exportBackup(source.agent, "zip")).body as Buffer);
  doc = parseJson(entries[0].data);
  files = new Map(entries.filter((e) => e.name.startsWith("files/")).map((e) => [e.name, e.data]));
});
afterAll(async () => {
  await t.close();
});

function manifest(changes: (d: BackupDocument) => void = () => undefined): Buffer {
  const copy = structuredClone(doc);
  changes(copy);
  return Buffer.from(JSON.stringify(copy));
}

/** The seeded export rebuilt by hand, with `extra` entries appended and `replace` swapping an entry's bytes. */
function archive(opts: { json?: Buffer; extra?: CraftedEntry[]; replace?: Record<string, Buffer> } = {}): Buffer {
  const entries: CraftedEntry[] = [{ name: "backup.json", data: opts.json ?? manifest(), deflate: true }];
  for (const [name, data] of files) entries.push({ name, data: opts.replace?.[name] ?? data });
  return craftZip([...entries, ...(opts.extra ?? [])]);
}

/** Posts the archive to a fresh account; asserts nothing was created and no blob was left. */
async function refused(data: Buffer, name = "backup.zip") {
  const { agent, user } = await t.signUp();
  const before = await ownedCounts(t, user.id);
  const blobs = (await keysUnder(t.storage, "blobs/")).length;
  const res = await importBackup(agent, data, name);
  expect(await ownedCounts(t, user.id)).toEqual(before);
  expect([...(await keysUnder(t.storage, "staging/")), ...(await keysUnder(t.storage, "restore/"))]).toEqual([]);
  expect((await keysUnder(t.storage, "blobs/")).length).toBe(blobs);
  return { status: res.status, message: String(res.body.message) };
}

describe("restore refuses foreign and tampered archives, creating nothing", () => {
  it("accepts the hand-built copy of a real export (the baseline for the cases below)", async () => {
    const { agent } = await t.signUp();
    const res = await importBackup(agent, archive(), "backup.zip", true);
    expect(res.status, res.text).toBe(200);
    expect(res.body.created.files).toBe(2);
  });

  it("refuses zip-slip entry names: ../, absolute paths and backslashes", async () => {
    const evil = fileOf("pdf");
    for (const name of ["../../evil.pdf", "/etc/evil.pdf", "files/documents/..\\..\\evil.pdf", "C:/evil.pdf"]) {
      const result = await refused(archive({ extra: [{ name, data: evil }] }));
      expect(result.status, name).toBe(400);
      expect(result.message, name).toMatch(/unsafe path/);
    }
  });

  it("refuses a backup.json whose archivePath tries to leave files/", async () => {
    for (const bad of ["../../evil.pdf", "files/documents/../../evil.pdf", "/abs.pdf", "files/documents/a\\b.pdf"]) {
      const json = manifest((d) => (d.assets.files[0].archivePath = bad));
      const result = await refused(archive({ json }));
      expect(result.status, bad).toBe(400);
    }
  });

  it("refuses symbolic link entries", async () => {
    const result = await refused(
      archive({ extra: [{ name: "files/documents/link.pdf", data: Buffer.from("/etc/passwd"), symlink: true }] }),
    );
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/symbolic link/);
  });

  it("refuses a file whose bytes were changed (SHA-256 mismatch)", async () => {
    const [name, original] = [...files][0];
    const changed = Buffer.from(original);
    changed[changed.length - 1] ^= 0xff;
    const result = await refused(archive({ replace: { [name]: changed } }));
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/does not match its details/);
  });

  it("refuses a file that is missing from the archive, or whose content does not match its extension", async () => {
    const missing = await refused(craftZip([{ name: "backup.json", data: manifest() }]));
    expect(missing.status).toBe(400);
    expect(missing.message).toMatch(/lacks files\/documents\/Report.pdf/);
    const html = Buffer.from("<html><script>alert(1)</script></html>".padEnd(3000, " "));
    const json = manifest((d) => Object.assign(d.assets.files[0], { sha256: sha256(html), fileSize: html.length }));
    const disguised = await refused(archive({ json, replace: { "files/documents/Report.pdf": html } }));
    expect(disguised.status).toBe(400);
    expect(disguised.message).toMatch(/does not contain what its extension says/);
  });

  it("refuses an invalid or foreign backup.json with a clear message", async () => {
    const cases: [Buffer, RegExp][] = [
      [Buffer.from("not json at all {"), /not valid JSON/],
      [Buffer.from(JSON.stringify({ app: "other", formatVersion: 1 })), /not a Heirloom backup/],
      [manifest((d) => Object.assign(d, { formatVersion: 7 })), /format version 7/],
      [manifest((d) => Object.assign(d.wills[0], { content: "short" })), /wills\.0\.content/],
      [manifest((d) => Object.assign(d.beneficiaries[0], { email: "not-an-email" })), /beneficiaries\.0\.email/],
      [manifest((d) => (d.assets.files[0].assignedToBeneficiary = 999_999)), /beneficiary the backup does not contain/],
    ];
    for (const [json, message] of cases) {
      const result = await refused(archive({ json }));
      expect(result.status).toBe(400);
      expect(result.message).toMatch(message);
    }
    expect((await refused(craftZip([{ name: "readme.txt", data: Buffer.from("hi") }]))).message).toMatch(
      /backup.json is missing/,
    );
    expect((await refused(Buffer.from("GIF89a not a backup"), "backup.zip")).message).toMatch(/\.json or \.zip/);
  });

  it("refuses a zip bomb from its directory, having read back no more of the archive than its two ends", async () => {
    // 12 MiB stored ahead of the bomb, so the archive spans seven spool chunks; its directory sits in the last one.
    const filler: CraftedEntry = { name: "junk/filler.bin", data: randomBytes(12 * 1024 * 1024) };
    const bombs: [CraftedEntry, RegExp][] = [
      // 8 MiB of zeros (~8 KiB deflated) declared as 3 GB: over the 2 GB ceiling and any quota
      [
        { name: "files/other/bomb.pdf", data: Buffer.alloc(8 * 1024 * 1024), deflate: true, declaredSize: 3e9 },
        /zip bomb/,
      ],
      // the same with an honest size: the ratio alone gives it away
      [{ name: "files/other/zeros.pdf", data: Buffer.alloc(8 * 1024 * 1024), deflate: true }, /zip bomb/],
      // a stored entry whose declared size disagrees with its packed size
      [{ name: "files/other/liar.pdf", data: deflateRawSync(Buffer.alloc(8 * 1024 * 1024)), declaredSize: 3e9 }, /./],
    ];
    for (const [bomb, message] of bombs) {
      const read = countReadBytes(t.storage, "restore/");
      try {
        const result = await refused(archive({ extra: [filler, bomb] }));
        expect(result.status, bomb.name).toBe(400);
        expect(result.message, bomb.name).toMatch(message);
        // The first chunk (to tell ZIP from JSON) and the last 64 KiB, where the directory is (two chunks at most):
        // nothing in between was read back, nothing inflated.
        expect(read.bytes, bomb.name).toBeLessThanOrEqual(3 * SPOOL_CHUNK_BYTES);
      } finally {
        read.stop();
      }
    }
  });

  it("refuses an archive with more than 10 000 entries", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `junk/${i}.txt`, data: Buffer.from("x") }));
    const result = await refused(craftZip([{ name: "backup.json", data: manifest() }, ...many]));
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/10001 entries/);
  });

  it("refuses an entry that inflates to more than its declared size", async () => {
    const [name, original] = [...files][0];
    const padded = Buffer.concat([original, Buffer.alloc(4096)]);
    const lying: CraftedEntry = { name, data: padded, deflate: true, declaredSize: original.length };
    const entries: CraftedEntry[] = [{ name: "backup.json", data: manifest() }, lying];
    for (const [other, data] of files) if (other !== name) entries.push({ name: other, data });
    const result = await refused(craftZip(entries));
    expect(result.status).toBe(400);
  });
});
