import { readFile } from "node:fs/promises";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UPLOAD_CATEGORIES } from "@shared/asset-types";
import { ARCHIVE_PATH_PATTERN, backupJsonSchema, backupFileName } from "@shared/backup-format";
import { archiveFileName, assignArchivePaths, hasCollidingPaths, isSafeArchivePath } from "./archive-names";
import { BACKUP_JSON_SCHEMA_PATH, renderJsonSchema } from "./json-schema-file";
import { maskSecret } from "./summary-pdf";

describe("the backup format", () => {
  it("has its committed JSON Schema equal to the one generated from the zod schema (npm run backup:schema)", async () => {
    const committed = await readFile(BACKUP_JSON_SCHEMA_PATH, "utf8");
    expect(committed).toBe(await renderJsonSchema(backupJsonSchema()));
  });

  it("spells out exactly the upload categories in its archive path pattern", () => {
    for (const category of UPLOAD_CATEGORIES) expect(ARCHIVE_PATH_PATTERN.test(`files/${category}/a.pdf`)).toBe(true);
    expect(ARCHIVE_PATH_PATTERN.test("files/audio/a.pdf")).toBe(false);
  });

  it("names downloads digital-legacy-backup-YYYY-MM-DD.<ext> by the UTC date", () => {
    expect(backupFileName("zip", new Date("2026-12-31T23:59:59Z"))).toBe("digital-legacy-backup-2026-12-31.zip");
  });
});

describe("archive file names", () => {
  it.each([
    ["../../etc/passwd", "passwd"],
    ["..\\..\\win.ini", "win.ini"],
    ["/abs/path/report.pdf", "report.pdf"],
    ["..", "file"],
    ["CON.pdf", "_CON.pdf"],
    ["nul", "_nul"],
    ['a<b>c:d"e|f?g*.pdf', "a_b_c_d_e_f_g_.pdf"],
    ["report.pdf. . ", "report.pdf"],
    ["evil\u202Efdp.exe.pdf", "evilfdp.exe.pdf"],
    ["tab\there\u0000.pdf", "tabhere.pdf"],
    ["Ɛsi Ŋkansah.pdf", "Ɛsi Ŋkansah.pdf"],
  ])("makes %j safe as %j", (raw, safe) => {
    expect(archiveFileName(raw)).toBe(safe);
  });

  it("keeps every name within 200 bytes, its extension intact", () => {
    const name = archiveFileName(`${"ŋ".repeat(300)}.pdf`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it("is idempotent and never yields a path outside files/<category>/ (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.constantFrom(...UPLOAD_CATEGORIES),
        (raw, category) => {
          const name = archiveFileName(raw);
          expect(archiveFileName(name)).toBe(name);
          expect(name).not.toMatch(/[/\\\p{Cc}]/u);
          expect(name).not.toMatch(/^\.|[. ]$/);
          const [path] = assignArchivePaths([{ category, originalFileName: raw }]);
          expect(isSafeArchivePath(path)).toBe(true);
          expect(ARCHIVE_PATH_PATTERN.test(path)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("numbers duplicates per folder, case-insensitively, in order", () => {
    const paths = assignArchivePaths([
      { category: "documents", originalFileName: "Report.pdf" },
      { category: "documents", originalFileName: "report.PDF" },
      { category: "images", originalFileName: "Report.pdf" },
      { category: "documents", originalFileName: "../Report.pdf" },
      { category: "documents", originalFileName: "Report (2).pdf" },
    ]);
    expect(paths).toEqual([
      "files/documents/Report.pdf",
      "files/documents/report (2).PDF",
      "files/images/Report.pdf",
      "files/documents/Report (3).pdf",
      "files/documents/Report (2) (2).pdf",
    ]);
    expect(hasCollidingPaths(paths)).toBe(false);
    expect(hasCollidingPaths(["files/other/A.pdf", "files/other/a.pdf"])).toBe(true);
  });

  it("refuses unsafe archive paths", () => {
    for (const path of [
      "files/documents/../x.pdf",
      "../x.pdf",
      "/files/documents/x.pdf",
      "files/other/.x",
      "files/x",
    ]) {
      expect(isSafeArchivePath(path), path).toBe(false);
    }
  });
});

describe("secret masking in the printable summary", () => {
  it("shows only the last 4 characters behind a fixed-width mask", () => {
    expect(maskSecret("GH-1234567890")).toBe("••••7890");
    expect(maskSecret("abc")).toBe("••••");
    expect(maskSecret(null)).toBe("—");
  });
});
