import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { docxFile, fileOf, jpegWithMetadata, keysUnder, pngOfSize, sha256, upload } from "../../test/files";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function usageOf(userId: number): Promise<number> {
  const rows = await t.db.execute(sql`select storage_used from users where id = ${userId}`);
  return Number(rows.rows[0].storage_used);
}

async function rowCount(userId: number): Promise<number> {
  const rows = await t.db.execute(sql`select count(*)::int as n from digital_assets where user_id = ${userId}`);
  return Number(rows.rows[0].n);
}

/** Every file under the data folder, so a test can prove nothing was written outside the blob keys. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe("POST /api/assets/upload", () => {
  it("answers 401 without a session and stores nothing", async () => {
    const before = await keysUnder(t.storage, "staging/");
    const res = await t.request().post("/api/assets/upload").attach("files", fileOf("pdf"), "a.pdf");
    expect(res.status).toBe(401);
    expect(await keysUnder(t.storage, "staging/")).toEqual(before);
  });

  it("stores an upload encrypted and gives the same bytes back on download (UPL-08)", async () => {
    const { agent, user } = await t.signUp();
    const pdf = fileOf("pdf", 300_000);
    const res = await upload(agent, [{ name: "Will scan.pdf", data: pdf }], {
      category: "documents",
      description: "Signed copy",
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        originalFileName: "Will scan.pdf",
        mimeType: "application/pdf",
        fileSize: pdf.length,
        category: "documents",
        description: "Signed copy",
        assignedToBeneficiary: null,
        createdAt: expect.any(String),
      },
    ]);
    const [row] = (await t.db.execute(sql`select * from digital_assets where id = ${res.body[0].id}`)).rows;
    expect(row).toMatchObject({ user_id: user.id, status: "committed", sha256: sha256(pdf) });
    expect(String(row.file_path)).toMatch(/^blobs\/[a-f0-9]{32}$/);
    const stored = await readFile(path.join(t.dataDir, "blobs", String(row.file_path)));
    expect(stored.subarray(0, 4).toString("latin1")).not.toBe("%PDF");
    expect(stored.includes(pdf.subarray(100, 164))).toBe(false);
    expect(await usageOf(user.id)).toBe(Number(row.stored_size));
    expect(Number(row.stored_size)).toBe(stored.length);

    const download = await agent.get(`/api/assets/${res.body[0].id}/download`).buffer(true);
    expect(download.status).toBe(200);
    expect(sha256(download.body as Buffer)).toBe(sha256(pdf));
  });

  it("accepts every listed type whose content matches, and stores the detected type", async () => {
    const { agent } = await t.signUp();
    const files = [
      { name: "a.png", data: fileOf("png") },
      { name: "b.JPG", data: fileOf("jpg") },
      { name: "c.jpeg", data: fileOf("jpg") },
      { name: "d.gif", data: fileOf("gif") },
      { name: "e.doc", data: fileOf("doc") },
      { name: "f.docx", data: await docxFile() },
      { name: "g.mp4", data: fileOf("mp4") },
      { name: "h.mov", data: fileOf("mov") },
      { name: "i.avi", data: fileOf("avi") },
    ];
    const res = await upload(agent, files, { category: "other" });
    expect(res.status).toBe(201);
    expect(res.body.map((a: { mimeType: string }) => a.mimeType)).toEqual([
      "image/png",
      "image/jpeg",
      "image/jpeg",
      "image/gif",
      "application/msword",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "video/mp4",
      "video/quicktime",
      "video/x-msvideo",
    ]);
  });

  it.each([
    ["a .pdf holding a PNG", "scan.pdf", fileOf("png")],
    ["a .pdf holding HTML", "invoice.pdf", fileOf("html")],
    ["a .png holding an ELF binary", "photo.png", fileOf("elf")],
    ["a .docx that is a plain zip", "letter.docx", Buffer.from("504b0304", "hex")],
    ["an empty .pdf", "empty.pdf", Buffer.alloc(0)],
  ])("refuses %s with 415 naming the file, and keeps nothing (UPL-02)", async (_label, name, data) => {
    const { agent, user } = await t.signUp();
    const res = await upload(agent, [
      { name: "fine.pdf", data: fileOf("pdf") },
      { name, data },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.message).toContain(`"${name}"`);
    expect(await rowCount(user.id)).toBe(0);
    expect(await usageOf(user.id)).toBe(0);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });

  it.each([
    ["a 20 000 × 20 000 PNG", "flood.png", () => pngOfSize(20_000, 20_000)],
    [
      "a 65 535 × 65 535 JPEG whose frame header follows 200 KiB of metadata",
      "flood.jpg",
      () => jpegWithMetadata(200 * 1024, 65_535, 65_535),
    ],
    [
      "a JPEG with no readable frame header",
      "broken.jpg",
      () => jpegWithMetadata(1100 * 1024, 1, 1).subarray(0, 1050 * 1024),
    ],
  ])("refuses %s with 415 naming the file and keeps nothing (UPL-02 pixel flood)", async (_label, name, data) => {
    const { agent, user } = await t.signUp();
    const res = await upload(agent, [{ name, data: data() }]);
    expect(res.status).toBe(415);
    expect(res.body.message).toContain(`"${name}"`);
    expect(res.body.message).toMatch(/pixels|size could not be read/);
    expect(await rowCount(user.id)).toBe(0);
    expect(await usageOf(user.id)).toBe(0);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });

  it("accepts large but reasonable images: a 12 000 × 12 000 PNG and a 50 MP JPEG behind 300 KiB of metadata", async () => {
    const { agent } = await t.signUp();
    const png = pngOfSize(12_000, 12_000);
    const jpeg = jpegWithMetadata(300 * 1024, 8160, 6120);
    const res = await upload(agent, [
      { name: "scan.png", data: png },
      { name: "photo.jpg", data: jpeg },
    ]);
    expect(res.status).toBe(201);
    const download = await agent.get(`/api/assets/${res.body[1].id}/download`).buffer(true);
    expect(sha256(download.body as Buffer)).toBe(sha256(jpeg));
  });

  it("refuses an extension outside the list with 415 before storing anything", async () => {
    const { agent } = await t.signUp();
    for (const name of ["page.html", "a.pdf%00.html", "CON", "image.svg"]) {
      const res = await upload(agent, [{ name, data: fileOf("pdf") }]);
      expect(res.status).toBe(415);
      expect(res.body.message).toContain(name);
    }
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });

  it("keeps traversal names only as sanitised data and writes nothing outside the blob keys (UPL-01)", async () => {
    const { agent } = await t.signUp();
    const before = await filesUnder(t.dataDir);
    const names = ["../../../../etc/passwd.pdf", "..\\..\\x.pdf", "/abs.pdf", "%2e%2e%2fx.pdf", "evil\u202Efdp.pdf"];
    const shown: string[] = [];
    for (const name of names) {
      const res = await upload(agent, [{ name, data: fileOf("pdf") }]);
      expect(res.status).toBe(201);
      shown.push(res.body[0].originalFileName);
    }
    expect(shown).toEqual(["passwd.pdf", "x.pdf", "abs.pdf", "%2e%2e%2fx.pdf", "evilfdp.pdf"]);
    const added = (await filesUnder(t.dataDir)).filter((f) => !before.includes(f));
    for (const file of added) expect(path.relative(t.dataDir, file)).toMatch(/^blobs\/blobs\/[a-f0-9]{32}$/);
  });

  it("cuts a 300-character name to 255 and keeps its extension", async () => {
    const { agent } = await t.signUp();
    const res = await upload(agent, [{ name: `${"a".repeat(300)}.pdf`, data: fileOf("pdf") }]);
    expect(res.status).toBe(201);
    expect(res.body[0].originalFileName).toHaveLength(255);
    expect(res.body[0].originalFileName.endsWith(".pdf")).toBe(true);
  });

  it("keeps UTF-8 names (Akan letters) intact", async () => {
    const { agent } = await t.signUp();
    const res = await upload(agent, [{ name: "Ɛkɔm ŋwoma.pdf", data: fileOf("pdf") }]);
    expect(res.status).toBe(201);
    expect(res.body[0].originalFileName).toBe("Ɛkɔm ŋwoma.pdf");
  });

  it("answers 400 with the spec's messages for no files and for a missing category, keeping nothing", async () => {
    const { agent, user } = await t.signUp();
    const none = await agent.post("/api/assets/upload").field("category", "documents");
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Please select at least one file to upload.");
    const noCategory = await upload(agent, [{ name: "a.pdf", data: fileOf("pdf") }], {});
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.message).toBe("Please select a category");
    const badCategory = await upload(agent, [{ name: "a.pdf", data: fileOf("pdf") }], { category: "audio" });
    expect(badCategory.status).toBe(400);
    expect(await rowCount(user.id)).toBe(0);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });

  it("answers 400 for more than 10 files or nested field names (UPL-04)", async () => {
    const { agent } = await t.signUp();
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, data: fileOf("pdf", 100) }));
    const tooMany = await upload(agent, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("You can upload at most 10 files at a time.");
    const nested = await upload(agent, [{ name: "a.pdf", data: fileOf("pdf") }], { "a[b][c]": "x", category: "other" });
    expect(nested.status).toBe(400);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });

  it("assigns the caller's own beneficiary and refuses another user's with 400", async () => {
    const { agent, user } = await t.signUp();
    const other = await t.signUp();
    const mine = await t.db.execute(
      sql`insert into beneficiaries (user_id, first_name, last_name, email, relationship) values (${user.id}, 'Kofi', 'Boateng', 'k@example.com', 'child') returning id`,
    );
    const theirs = await t.db.execute(
      sql`insert into beneficiaries (user_id, first_name, last_name, email, relationship) values (${other.user.id}, 'Yaw', 'Owusu', 'y@example.com', 'friend') returning id`,
    );
    const ok = await upload(agent, [{ name: "a.pdf", data: fileOf("pdf") }], {
      category: "documents",
      assignedToBeneficiary: String(mine.rows[0].id),
    });
    expect(ok.status).toBe(201);
    expect(ok.body[0].assignedToBeneficiary).toBe(mine.rows[0].id);
    const refused = await upload(agent, [{ name: "b.pdf", data: fileOf("pdf") }], {
      category: "documents",
      assignedToBeneficiary: String(theirs.rows[0].id),
    });
    expect(refused.status).toBe(400);
    expect(await rowCount(user.id)).toBe(1);
    expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  });
});
