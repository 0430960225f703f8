import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, upload } from "../../test/files";
import { type Account, buildUsers } from "../../test/factories";

let t: TestApp;
let a: Account;
let b: Account;
beforeAll(async () => {
  t = await startTestApp();
  [a, b] = await buildUsers(t, 2);
  for (const [name, category] of [
    ["Deed 2019.pdf", "documents"],
    ["100%_done.pdf", "documents"],
    ["1000 done.pdf", "documents"],
    ["beach.png", "images"],
    ["wedding.png", "images"],
  ]) {
    const data = name.endsWith(".png") ? fileOf("png") : fileOf("pdf");
    expect((await upload(a.agent, [{ name, data }], { category })).status).toBe(201);
  }
  expect((await upload(b.agent, [{ name: "other.pdf", data: fileOf("pdf") }])).status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const names = (body: { originalFileName: string }[]) => body.map((x) => x.originalFileName);

describe("GET /api/assets", () => {
  it("answers 401 without a session", async () => {
    expect((await t.request().get("/api/assets")).status).toBe(401);
  });

  it("lists only the owner's files, newest first, with X-Total-Count", async () => {
    const res = await a.agent.get("/api/assets");
    expect(res.status).toBe(200);
    expect(res.headers["x-total-count"]).toBe("5");
    expect(names(res.body)).toEqual(["wedding.png", "beach.png", "1000 done.pdf", "100%_done.pdf", "Deed 2019.pdf"]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        "assignedToBeneficiary",
        "category",
        "createdAt",
        "description",
        "fileSize",
        "id",
        "mimeType",
        "originalFileName",
      ].sort(),
    );
  });

  it("pages with limit and offset and keeps the total", async () => {
    const first = await a.agent.get("/api/assets?limit=2");
    expect(names(first.body)).toEqual(["wedding.png", "beach.png"]);
    const last = await a.agent.get("/api/assets?limit=2&offset=4");
    expect(names(last.body)).toEqual(["Deed 2019.pdf"]);
    expect(last.headers["x-total-count"]).toBe("5");
    const past = await a.agent.get("/api/assets?limit=2&offset=10");
    expect(past.body).toEqual([]);
    expect(past.headers["x-total-count"]).toBe("5");
  });

  it("searches the file name case-insensitively, with % and _ as literal characters", async () => {
    expect(names((await a.agent.get("/api/assets?q=DEED")).body)).toEqual(["Deed 2019.pdf"]);
    const literal = await a.agent.get(`/api/assets?q=${encodeURIComponent("0%_")}`);
    expect(names(literal.body)).toEqual(["100%_done.pdf"]);
    expect(literal.headers["x-total-count"]).toBe("1");
    expect((await a.agent.get("/api/assets?q=_")).body).toHaveLength(1);
  });

  it("filters by category", async () => {
    const res = await a.agent.get("/api/assets?category=images");
    expect(names(res.body)).toEqual(["wedding.png", "beach.png"]);
    expect(res.headers["x-total-count"]).toBe("2");
  });

  it("answers 400 for a limit over 200 or an unknown category", async () => {
    expect((await a.agent.get("/api/assets?limit=201")).status).toBe(400);
    expect((await a.agent.get("/api/assets?category=secret")).status).toBe(400);
  });

  it("hides rows still pending (an upload that has not finished)", async () => {
    await t.db.execute(
      sql`insert into digital_assets (user_id, file_name, original_file_name, file_size, mime_type, category, file_path, status)
          values (${a.user.id}, ${"ef".repeat(16)}, 'half.pdf', 1, 'application/pdf', 'documents', ${`blobs/${"ef".repeat(16)}`}, 'pending')`,
    );
    const res = await a.agent.get("/api/assets");
    expect(names(res.body)).not.toContain("half.pdf");
    expect(res.headers["x-total-count"]).toBe("5");
  });
});

describe("GET /api/asset-bundles", () => {
  it("answers 401 without a session and the owner's bundles only", async () => {
    expect((await t.request().get("/api/asset-bundles")).status).toBe(401);
    expect((await a.agent.get("/api/asset-bundles")).body).toEqual([]);
    await t.db.execute(
      sql`insert into asset_bundles (user_id, name, category, quantity, price, status) values (${a.user.id}, '5 GB storage', 'storage', 5, '14.95', 'completed')`,
    );
    const res = await a.agent.get("/api/asset-bundles");
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        name: "5 GB storage",
        category: "storage",
        quantity: 5,
        price: "14.95",
        status: "completed",
        description: null,
        items: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect((await b.agent.get("/api/asset-bundles")).body).toEqual([]);
  });
});
