import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssetIndexItem } from "@shared/api-types";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, upload } from "../../test/files";
import { SAMPLES } from "../../test/typed-asset-samples";
import { type Account, buildUsers } from "../../test/factories";

let t: TestApp;
let a: Account;
let b: Account;
const titles = (body: AssetIndexItem[]) => body.map((x) => x.title);

beforeAll(async () => {
  t = await startTestApp();
  [a, b] = await buildUsers(t, 2);
  // One of each kind for A, oldest first; B gets rows that must never show up in A's list.
  expect((await upload(a.agent, [{ name: "50%_off.pdf", data: fileOf("pdf", 1000) }])).status).toBe(201);
  for (const sample of Object.values(SAMPLES))
    expect((await a.agent.post(sample.path).send(sample.body)).status).toBe(201);
  expect((await upload(b.agent, [{ name: "b.pdf", data: fileOf("pdf") }])).status).toBe(201);
  expect((await b.agent.post(SAMPLES.digital_content.path).send(SAMPLES.digital_content.body)).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/asset-index", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().get("/api/asset-index")).status).toBe(401);
  });

  it("lists every asset of every kind the user owns, newest first, as AssetIndexItem", async () => {
    const res = await a.agent.get("/api/asset-index");
    expect(res.status).toBe(200);
    expect(res.headers["x-total-count"]).toBe("7");
    expect(titles(res.body)).toEqual([
      "Gmail",
      "Passport",
      "Blog archive",
      "House",
      "Savings",
      "Adinkra pattern",
      "50%_off.pdf",
    ]);
    expect(res.body.map((x: AssetIndexItem) => x.kind)).toEqual([
      "online_accounts",
      "personal_documents",
      "digital_content",
      "physical_assets",
      "financial_assets",
      "intellectual_property",
      "digital_files",
    ]);
    expect(res.body[6]).toEqual({
      kind: "digital_files",
      id: expect.any(Number),
      title: "50%_off.pdf",
      category: "documents",
      assignedToBeneficiary: null,
      fileSize: 1000,
      mimeType: "application/pdf",
      createdAt: expect.any(String),
    });
    expect(res.body[0]).toMatchObject({ category: "email", fileSize: null, mimeType: null });
    expect(res.body[3]).toMatchObject({ category: "real_estate" });
  });

  it("pages with limit and offset, keeping the total", async () => {
    const page = await a.agent.get("/api/asset-index?limit=3&offset=3");
    expect(titles(page.body)).toEqual(["House", "Savings", "Adinkra pattern"]);
    expect(page.headers["x-total-count"]).toBe("7");
    const past = await a.agent.get("/api/asset-index?limit=3&offset=50");
    expect(past.body).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("7");
  });

  it("searches titles with % and _ taken literally, and filters by kind", async () => {
    expect(titles((await a.agent.get("/api/asset-index?q=a")).body)).toEqual([
      "Gmail",
      "Passport",
      "Blog archive",
      "Savings",
      "Adinkra pattern",
    ]);
    const literal = await a.agent.get(`/api/asset-index?q=${encodeURIComponent("%_")}`);
    expect(titles(literal.body)).toEqual(["50%_off.pdf"]);
    const kind = await a.agent.get("/api/asset-index?kind=financial_assets");
    expect(titles(kind.body)).toEqual(["Savings"]);
    expect(kind.headers["x-total-count"]).toBe("1");
    expect((await a.agent.get("/api/asset-index?kind=digital_files&q=nothing")).body).toEqual([]);
  });

  it("answers 400 for an unknown kind or a limit over 200", async () => {
    expect((await a.agent.get("/api/asset-index?kind=users")).status).toBe(400);
    expect((await a.agent.get("/api/asset-index?limit=500")).status).toBe(400);
  });

  it("leaves out files whose upload has not finished", async () => {
    await t.db.execute(
      sql`insert into digital_assets (user_id, file_name, original_file_name, file_size, mime_type, category, file_path, status)
          values (${a.user.id}, ${"aa".repeat(16)}, 'pending.pdf', 1, 'application/pdf', 'documents', ${`blobs/${"aa".repeat(16)}`}, 'pending')`,
    );
    expect(titles((await a.agent.get("/api/asset-index")).body)).not.toContain("pending.pdf");
  });
});
