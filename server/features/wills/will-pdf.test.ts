import type { Response } from "superagent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { pdfText } from "../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** supertest leaves unknown binary types unparsed; collect the bytes ourselves. */
function binary(res: Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
}

const XSS = "<img src=x onerror=alert(1)>";

describe("GET /api/digital-wills/:id/pdf", () => {
  it("downloads the version as a PDF whose text holds the title, the content and Ghanaian names", async () => {
    const { agent } = await t.signUp({ firstName: "Kwabena", lastName: "Ɔsɛi Aŋ" });
    const content = `I, Kwabena Ɔsɛi Aŋ, leave my house in Kumasi to Ɛsi Ŋkansah.\n\nMy books go to ${XSS}.`;
    const saved = await agent
      .post("/api/digital-wills")
      .send({ title: `Last will of Kwabena Ɔsɛi Aŋ ${XSS}`, content });
    expect(saved.status).toBe(201);
    const res = await agent.get(`/api/digital-wills/${saved.body.id}/pdf`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="digital-will-v1-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    expect(res.headers["content-disposition"]).not.toContain("img");
    expect(res.headers["cache-control"]).toBe("no-store");
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain(`Last will of Kwabena Ɔsɛi Aŋ ${XSS}`);
    expect(text).toContain("I, Kwabena Ɔsɛi Aŋ, leave my house in Kumasi to Ɛsi Ŋkansah.");
    expect(text).toContain(`My books go to ${XSS}.`);
    expect(text).toContain("Testator: Kwabena Ɔsɛi Aŋ");
    expect(text).toContain("Version: 1 (current)");
    expect(text).toMatch(/Page 1 of 1/);
    expect(pdf.toString("latin1")).not.toMatch(/\/JavaScript|\/URI|\/Launch/);
  });

  it("renders an archived version as archived", async () => {
    const { agent } = await t.signUp();
    const first = await agent
      .post("/api/digital-wills")
      .send({ title: "First will", content: "Everything to my daughter Adwoa." });
    await agent.post("/api/digital-wills").send({ title: "Second will", content: "Everything to my son Kofi now." });
    const res = await agent.get(`/api/digital-wills/${first.body.id}/pdf`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain("First will");
    expect(text).toContain("Version: 1 (archived)");
    expect(text).not.toContain("Second will");
  });

  it("answers 404 in JSON for a missing will", async () => {
    const { agent } = await t.signUp();
    const res = await agent.get("/api/digital-wills/2147483647/pdf");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found" });
  });
});
