import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupJsonSchema } from "@shared/backup-format";
import { startTestApp, type TestApp } from "../../test/harness";
import { sha256 } from "../../test/files";
import { CANARY } from "../../test/typed-asset-samples";
import { exportBackup, parseJson, zipEntries } from "./backup.test-support";
import { pdfText } from "../../test/helpers";
import { buildEstate, GHANAIAN, XSS } from "../../test/factories";
import { readyWill, uploadScan } from "../wills/execution.test-support";
import { buildTrustedParties } from "./backup-parties.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date("2026-05-04T10:20:30Z"));
});
afterAll(async () => {
  await t.close();
});

const validate = new Ajv2020({ allErrors: true, validateFormats: false }).compile(backupJsonSchema());

describe("GET /api/export/backup", () => {
  it("answers 401 without a session", async () => {
    const res = await t.request().get("/api/export/backup?format=json");
    expect(res.status).toBe(401);
  });

  it("answers 400 for a format other than json, pdf or zip, and for none", async () => {
    const { agent } = await t.signUp();
    for (const query of ["?format=csv", "?format=JSON", "", "?format=json&format=zip"]) {
      const res = await agent.get(`/api/export/backup${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/json, pdf or zip/);
    }
  });

  it("exports everything the user owns as JSON that validates against the committed JSON Schema", async () => {
    const { agent, user } = await t.signUp({ firstName: "Kwabena", lastName: "Ɔsɛi Aŋ" });
    const seeded = await buildEstate(agent);
    const res = await exportBackup(agent, "json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="digital-legacy-backup-2026-05-04.json"');
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.body as Buffer;
    expect(body.subarray(0, 1).toString()).toBe("{");
    const doc = parseJson(body);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc).toMatchObject({ formatVersion: 1, app: "heirloom", exportedAt: "2026-05-04T10:20:30.000Z" });
    expect(doc.profile).toMatchObject({ email: user.email, firstName: "Kwabena", lastName: "Ɔsɛi Aŋ" });
    expect(doc.profile).not.toHaveProperty("id");
    expect(doc.beneficiaries.map((b) => b.firstName)).toEqual([GHANAIAN.firstName, XSS]);
    expect(doc.wills.map((w) => [w.version, w.isActive])).toEqual([
      [1, false],
      [2, true],
    ]);
    // sensitive fields in plain text: the owner's own copy
    expect(doc.assets.financial_assets[0].accountNumber).toBe(`${CANARY}-acct`);
    expect(doc.assets.online_accounts[0].securityQuestions).toBe(`${CANARY}-questions`);
    expect(doc.assets.personal_documents[0].documentNumber).toBe(`${CANARY}-G123`);
    expect(doc.assets.intellectual_property[0].assignedToBeneficiary).toBe(seeded.amaId);
    expect(doc.assets.files.map((f) => [f.originalFileName, f.archivePath, f.sha256])).toEqual([
      ["Report.pdf", "files/documents/Report.pdf", sha256(seeded.files[0])],
      ["Report.pdf", "files/documents/Report (2).pdf", sha256(seeded.files[1])],
    ]);
    const raw = body.toString("utf8");
    for (const secret of ["filePath", "file_path", "blobs/", "staging/", "verificationToken", "passwordHash", "v1."]) {
      expect(raw).not.toContain(secret);
    }
  });

  it("never puts another user's data in an export", async () => {
    const first = await t.signUp();
    await buildEstate(first.agent);
    const second = await t.signUp({ firstName: "Yaw" });
    await second.agent.post("/api/beneficiaries").send({
      firstName: "Abena",
      lastName: "Owusu",
      email: "abena@example.com",
      relationship: "spouse",
    });
    const doc = parseJson((await exportBackup(second.agent, "json")).body as Buffer);
    expect(doc.beneficiaries.map((b) => b.firstName)).toEqual(["Abena"]);
    expect(doc.wills).toEqual([]);
    expect(doc.assets.files).toEqual([]);
    for (const rows of Object.values(doc.assets)) expect(rows).toEqual([]);
    const zip = await zipEntries((await exportBackup(second.agent, "zip")).body as Buffer);
    expect(zip.map((e) => e.name)).toEqual(["backup.json", "summary.pdf"]);
    expect(zip[0].data.toString()).not.toContain(CANARY);
    expect(zip[0].data.toString()).not.toContain(first.user.email);
  });

  it("prints a PDF estate summary with the will, Ghanaian names, payloads as literal text and masked secrets", async () => {
    const { agent } = await t.signUp({ firstName: "Kwabena", lastName: "Ɔsɛi Aŋ" });
    await buildEstate(agent);
    const res = await exportBackup(agent, "pdf");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="digital-legacy-backup-2026-05-04.pdf"');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("Estate summary");
    expect(text).toContain("Prepared for: Kwabena Ɔsɛi Aŋ");
    expect(text).toContain("2026-05-04");
    expect(text).toContain(`Last will of Kwabena ${XSS}`);
    expect(text).toContain("My house goes to Ɛsi Ŋkansah-Ɔsɛi.");
    expect(text).toContain("Ɛsi Ŋkansah-Ɔsɛi");
    expect(text).toContain(XSS);
    expect(text).toMatch(/Page 1 of \d+/);
    // secrets printed only as their last 4 characters
    expect(text).toContain("••••acct");
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain('"formatVersion"');
    for (const heading of ["Beneficiaries", "Financial Assets", "Online Accounts", "Uploaded files", "Report.pdf"]) {
      expect(text).toContain(heading);
    }
    expect(pdf.toString("latin1")).not.toMatch(/\/JavaScript|\/URI|\/Launch/);
  });

  it("prints the signed will's record and the trusted parties in the summary, without their numbers", async () => {
    const { agent } = await t.signUp();
    await buildTrustedParties(agent);
    const willId = await readyWill(agent);
    expect((await uploadScan(agent, willId)).status).toBe(201);
    const text = await pdfText((await exportBackup(agent, "pdf")).body as Buffer);
    expect(text).toContain("Signed will");
    expect(text).toContain("Version signed: 1");
    expect(text).toContain("Testator: Kwabena Ɔsɛi Aŋ");
    expect(text).toContain("Original kept: With my lawyer at Ɛsi & Co., Accra");
    expect(text).toContain("Trusted parties");
    expect(text).toContain("Kwame Asante");
    for (const secret of ["GHA-123456789-1", "+233241234567", "241234567"]) expect(text).not.toContain(secret);
  });

  it("streams a ZIP of backup.json, summary.pdf and every file decrypted under files/<category>/, duplicates numbered", async () => {
    const { agent } = await t.signUp();
    const seeded = await buildEstate(agent);
    const res = await exportBackup(agent, "zip");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="digital-legacy-backup-2026-05-04.zip"');
    expect(res.headers["content-length"]).toBeUndefined(); // streamed, not buffered
    const zip = res.body as Buffer;
    expect(zip.subarray(0, 4)).toEqual(Buffer.from("PK\x03\x04", "latin1"));
    const entries = await zipEntries(zip);
    expect(entries.map((e) => e.name)).toEqual([
      "backup.json",
      "summary.pdf",
      "files/documents/Report.pdf",
      "files/documents/Report (2).pdf",
    ]);
    for (const e of entries) expect(e.name).not.toMatch(/\.\.|^\/|\\/);
    expect(entries[2].data.equals(seeded.files[0])).toBe(true);
    expect(entries[3].data.equals(seeded.files[1])).toBe(true);
    expect(entries[1].data.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(validate(JSON.parse(entries[0].data.toString("utf8")))).toBe(true);
    expect(entries[2].isStored).toBe(true); // PDF content is compressed already
  });
});

describe("GET /api/export/history", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().get("/api/export/history")).status).toBe(401);
  });

  it("records each finished export with its format and time", async () => {
    const { agent } = await t.signUp();
    expect((await agent.get("/api/export/history")).body).toEqual({ lastBackup: null, count: 0, isRunning: false });
    await exportBackup(agent, "json");
    t.clock.advance(60_000);
    await exportBackup(agent, "zip");
    const res = await agent.get("/api/export/history");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      lastBackup: { format: "zip", createdAt: "2026-05-04T10:21:30.000Z" },
      count: 2,
      isRunning: false,
    });
    const other = await t.signUp();
    expect((await other.agent.get("/api/export/history")).body.count).toBe(0);
  });
});
