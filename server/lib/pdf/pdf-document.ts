import path from "node:path";
import type { Response } from "express";
import { stripInvisible } from "@shared/validators/common";
import { fromRoot } from "../app-root";
import { optionalModule } from "../optional-module";

/**
 * pdfkit (with fontkit and its Unicode tables, ~25 MB of memory) loads with the first PDF, not at start-up: most
 * processes never draw one, and an idle server should stay small.
 */
export const loadPdfKit = optionalModule<typeof import("pdfkit")>("pdfkit");

const FONT_DIR = fromRoot("server/assets/fonts");
/**
 * Fixed font files. pdfkit's font() and image() read any file path they are given, so only these constants ever
 * reach them; user text goes through doc.text() alone, which renders it literally (no markup, no links).
 * NOTE: the standard PDF fonts are WinAnsi only; Akan, Ga and Ewe letters (ɛ ɔ ŋ) need this embedded TTF.
 */
export const FONT_FILES = {
  regular: path.join(FONT_DIR, "NotoSans-Regular.ttf"),
  bold: path.join(FONT_DIR, "NotoSans-Bold.ttf"),
} as const;
// NOTE: fonts are selected by these same path constants, never by registerFont() aliases: pdfkit caches an alias of
// the default font's file under no key and re-parses the TTF on every switch (2 ms each).
const REGULAR = FONT_FILES.regular;
const BOLD = FONT_FILES.bold;

/**
 * Bounds on one document, so a crafted will or export cannot make the server render thousands of pages
 * (every page stays in memory until the footer is written).
 */
export const PDF_LIMITS = { maxChars: 250_000, maxPages: 150, maxBlockChars: 4_000, maxBlockLines: 40 } as const;
export const TRUNCATION_NOTE = "[The rest of this document was left out: it exceeds the PDF size limit.]";

const MARGIN = 56;
const INK = "#1f2937";
const MUTED = "#6b7280";

export type PdfWriter = {
  title(text: string): void;
  heading(text: string): void;
  /** Free text: blank lines separate paragraphs, single newlines are kept. */
  paragraph(text: string): void;
  field(label: string, value: string | number | null | undefined): void;
  note(text: string): void;
  rule(): void;
};

export type PdfOptions = { title: string; generatedAt: Date; footer?: string };

/** Composed, visible text only: NFC so ɔ́-style letters use the font's precomposed glyphs, no bidi or control tricks. */
export function cleanPdfText(value: string): string {
  return stripInvisible(value.normalize("NFC"))
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, "    ")
    .replace(/\p{Cc}/gu, (c) => (c === "\n" ? c : ""))
    .replace(/\n{3,}/g, "\n\n");
}

/** Splits a paragraph into blocks of about a page at most, so the page budget is checked often enough. */
function blocks(paragraph: string): string[] {
  const out: string[] = [];
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (lines.length > 0) out.push(lines.join("\n"));
    lines = [];
    chars = 0;
  };
  for (const line of paragraph.split("\n")) {
    for (let i = 0; i < Math.max(line.length, 1); i += PDF_LIMITS.maxBlockChars) {
      const piece = line.slice(i, i + PDF_LIMITS.maxBlockChars);
      if (lines.length >= PDF_LIMITS.maxBlockLines || chars + piece.length > PDF_LIMITS.maxBlockChars) flush();
      lines.push(piece);
      chars += piece.length + 1;
    }
  }
  flush();
  return out;
}

function createWriter(doc: PDFKit.PDFDocument): PdfWriter {
  let charsLeft: number = PDF_LIMITS.maxChars;
  let truncated = false;
  const width = () => doc.page.width - doc.page.margins.left - doc.page.margins.right;

  let isCut = false;

  function stop() {
    if (truncated) return;
    truncated = true;
    doc.moveDown(0.5).font(REGULAR).fontSize(9).fillColor(MUTED).text(TRUNCATION_NOTE, { width: width() });
  }

  /** Spends the budget; a text cut short is drawn, then the note ends the document (see afterDraw). */
  function take(text: string): string | undefined {
    if (truncated) return undefined;
    if (doc.bufferedPageRange().count >= PDF_LIMITS.maxPages || charsLeft <= 0) {
      stop();
      return undefined;
    }
    const full = cleanPdfText(text);
    const cleaned = full.slice(0, charsLeft);
    charsLeft -= cleaned.length;
    isCut = cleaned.length < full.length;
    return cleaned;
  }

  function afterDraw() {
    if (isCut) stop();
  }

  function write(text: string, font: string, size: number, color: string, gap = 0) {
    const cleaned = take(text);
    if (cleaned === undefined) return;
    doc.font(font).fontSize(size).fillColor(color).text(cleaned, { width: width(), paragraphGap: gap });
    afterDraw();
  }

  return {
    title: (text) => write(text, BOLD, 20, INK, 8),
    heading(text) {
      doc.moveDown(0.6);
      write(text, BOLD, 13, INK, 4);
    },
    paragraph(text) {
      for (const para of cleanPdfText(text).split("\n\n")) {
        for (const block of blocks(para)) write(block || " ", REGULAR, 11, INK);
        if (!truncated) doc.moveDown(0.5);
      }
    },
    field(label, value) {
      const cleaned = take(`${label}: ${value ?? "—"}`);
      if (cleaned === undefined) return;
      const [name, ...rest] = cleaned.split(": ");
      doc.font(BOLD).fontSize(10).fillColor(INK).text(`${name}: `, { width: width(), continued: true });
      doc.font(REGULAR).text(rest.join(": "));
      afterDraw();
    },
    note: (text) => write(text, REGULAR, 9, MUTED, 2),
    rule() {
      if (truncated) return;
      const y = doc.y + 4;
      doc
        .moveTo(doc.page.margins.left, y)
        .lineTo(doc.page.width - doc.page.margins.right, y)
        .lineWidth(0.5)
        .strokeColor("#d1d5db")
        .stroke();
      doc.y = y + 8;
    },
  };
}

/** "Page n of m" (and the optional footer line) on every page; runs once all pages exist. */
function addFooters(doc: PDFKit.PDFDocument, footer: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i += 1) {
    doc.switchToPage(start + i);
    // Writing inside the bottom margin would otherwise make pdfkit add a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const label = `${footer} · Page ${i + 1} of ${count}`;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, doc.page.margins.left, doc.page.height - bottom / 2 - 4, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** Builds a whole document in memory (bounded by PDF_LIMITS) and answers it as a readable pdfkit document. */
export function buildPdf(opts: PdfOptions, draw: (w: PdfWriter) => void): PDFKit.PDFDocument {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    font: FONT_FILES.regular,
    displayTitle: true,
    info: {
      Title: cleanPdfText(opts.title).slice(0, 200),
      Creator: "Heirloom",
      Producer: "Heirloom",
      CreationDate: opts.generatedAt,
    },
  });
  draw(createWriter(doc));
  addFooters(doc, opts.footer ?? `Heirloom · generated ${opts.generatedAt.toISOString().slice(0, 10)}`);
  return doc;
}

/** RFC 6266 attachment header from a server-chosen name; anything outside [A-Za-z0-9._-] is replaced. */
export function attachmentHeader(fileName: string): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 120) || "document.pdf";
  return `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/**
 * Draws the document first, then streams it to the response. Drawing before the first byte means a failure
 * still reaches the error handler as a clean JSON 500 instead of a truncated download.
 */
export function sendPdf(res: Response, fileName: string, opts: PdfOptions, draw: (w: PdfWriter) => void): void {
  const doc = buildPdf(opts, draw);
  res.status(200);
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", attachmentHeader(fileName));
  res.setHeader("X-Content-Type-Options", "nosniff");
  doc.pipe(res);
  doc.end();
}
