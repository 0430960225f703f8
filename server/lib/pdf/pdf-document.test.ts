import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { attachmentHeader, buildPdf, cleanPdfText, PDF_LIMITS, TRUNCATION_NOTE, type PdfWriter } from "./pdf-document";

async function render(draw: (w: PdfWriter) => void, title = "Test document"): Promise<Buffer> {
  const doc = buildPdf({ title, generatedAt: new Date("2026-03-06T12:00:00Z") }, draw);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

async function read(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    return { text: text.text, pages: text.total };
  } finally {
    await parser.destroy();
  }
}

describe("buildPdf", () => {
  it("embeds the Unicode font, so Akan, Ga and Ewe letters come back out of the PDF", async () => {
    const pdf = await render((w) => {
      w.title("Kwabena Ɔsɛi Aŋ");
      w.field("Relationship", "Ɛkuɔ ŋkɔmɔ");
      w.paragraph("Mepɛ sɛ me nnamfo Ŋkrumah nya me kente ntoma.");
    });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toMatch(/NotoSans/);
    const { text } = await read(pdf);
    expect(text).toContain("Kwabena Ɔsɛi Aŋ");
    expect(text).toContain("Ɛkuɔ ŋkɔmɔ");
    expect(text).toContain("Mepɛ sɛ me nnamfo Ŋkrumah nya me kente ntoma.");
  });

  it("draws markup and script payloads as literal text, with no link or JavaScript actions", async () => {
    const payloads = [
      "<img src=x onerror=alert(1)>",
      '"><svg onload=alert(1)>',
      "javascript:alert(1)",
      "../../etc/passwd",
    ];
    const pdf = await render((w) => payloads.forEach((p) => w.paragraph(p)));
    const { text } = await read(pdf);
    for (const p of payloads) expect(text).toContain(p);
    const raw = pdf.toString("latin1");
    expect(raw).not.toMatch(/\/JavaScript|\/JS\b|\/URI|\/Launch/);
  });

  it("numbers every page in the footer", async () => {
    const pdf = await render((w) => {
      for (let i = 0; i < 120; i += 1) w.paragraph(`Paragraph ${i} of a long document.`);
    });
    const { text, pages } = await read(pdf);
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p += 1) expect(text).toContain(`Page ${p} of ${pages}`);
  });

  it("stops at the page budget however the content is shaped", async () => {
    const manyLines = "line\n".repeat(50_000);
    const pdf = await render((w) => w.paragraph(manyLines));
    const { text, pages } = await read(pdf);
    expect(pages).toBeLessThanOrEqual(PDF_LIMITS.maxPages + 1);
    expect(text).toContain(TRUNCATION_NOTE);
  });

  it("ends with the note when the budget runs out inside the last text", async () => {
    const pdf = await render((w) => w.paragraph("word ".repeat(PDF_LIMITS.maxChars / 5 + 100)));
    const { text } = await read(pdf);
    expect(text).toContain(TRUNCATION_NOTE);
  }, 60_000);

  it("stops at the character budget for one huge line", async () => {
    const pdf = await render((w) => {
      w.paragraph("x".repeat(PDF_LIMITS.maxChars + 10));
      w.paragraph("after the budget");
    });
    const { text, pages } = await read(pdf);
    expect(pages).toBeLessThanOrEqual(PDF_LIMITS.maxPages + 1);
    expect(text).not.toContain("after the budget");
    expect(text).toContain(TRUNCATION_NOTE);
  }, 60_000);
});

describe("cleanPdfText", () => {
  it("drops bidi overrides, zero-width and control characters but keeps line breaks", () => {
    expect(cleanPdfText("a\u202Eb\u200Bc\u0000d\u0007e\r\nf\tg")).toBe("abcde\nf    g");
    expect(cleanPdfText("a\n\n\n\n\nb")).toBe("a\n\nb");
  });

  it("composes letters to NFC", () => {
    expect(cleanPdfText("ɔ\u0301")).toBe("ɔ\u0301".normalize("NFC"));
  });
});

describe("attachmentHeader", () => {
  it("keeps only safe characters, so no quote or line break reaches the header", () => {
    expect(attachmentHeader('a"; x=y\r\nSet-Cookie: z.pdf')).toBe(
      `attachment; filename="a___x_y__Set-Cookie__z.pdf"; filename*=UTF-8''a___x_y__Set-Cookie__z.pdf`,
    );
    expect(attachmentHeader("digital-will-v2-2026-03-06.pdf")).toContain('filename="digital-will-v2-2026-03-06.pdf"');
  });
});
