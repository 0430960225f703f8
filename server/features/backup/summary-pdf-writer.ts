import { FONT_FILES, PDF_LIMITS, TRUNCATION_NOTE, cleanPdfText, loadPdfKit } from "../../lib/pdf/pdf-document";

/**
 * The estate summary needs tables, which the shared PdfWriter (server/lib/pdf) does not draw, so this writer builds
 * its document on the same foundations: the fixed embedded Noto Sans files (ɛ ɔ ŋ; no user string ever reaches
 * font() or image()), cleanPdfText, and the same page and character budget. User text only goes through doc.text().
 */
export type Column = { header: string; /** share of the content width, 0–1 */ width: number };

export type SummaryWriter = {
  title(text: string): void;
  heading(text: string): void;
  paragraph(text: string): void;
  field(label: string, value: string | number | null | undefined): void;
  note(text: string): void;
  table(columns: readonly Column[], rows: readonly (readonly string[])[]): void;
};

const MARGIN = 56;
const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
const HEADER_FILL = "#f3f4f6";
const CELL_PAD = 4;
/** A cell never grows taller than a page: long values are cut, the full text is in backup.json. */
const MAX_CELL_CHARS = 240;
const PARAGRAPH_BLOCK = 3000;

function createWriter(doc: PDFKit.PDFDocument): SummaryWriter {
  let charsLeft: number = PDF_LIMITS.maxChars;
  let isTruncated = false;
  const left = () => doc.page.margins.left;
  const width = () => doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  /** Spends the budget; false once the document is full (the note is then drawn once). */
  function take(chars: number): boolean {
    if (isTruncated) return false;
    if (doc.bufferedPageRange().count >= PDF_LIMITS.maxPages || charsLeft - chars < 0) {
      isTruncated = true;
      doc.moveDown(0.5).font(FONT_FILES.regular).fontSize(9).fillColor(MUTED).text(TRUNCATION_NOTE, left());
      return false;
    }
    charsLeft -= chars;
    return true;
  }

  function write(raw: string, font: string, size: number, color: string, gap = 0) {
    const text = cleanPdfText(raw);
    if (!take(text.length)) return;
    doc.font(font).fontSize(size).fillColor(color).text(text, left(), doc.y, { width: width(), paragraphGap: gap });
  }

  type Layout = { xs: number[]; widths: number[]; header: readonly string[] };

  /** One row; a row that does not fit moves to a new page, under a repeated header. Answers the chars drawn. */
  function drawRow(cells: readonly string[], layout: Layout, isHeader = false): number {
    doc.font(isHeader ? FONT_FILES.bold : FONT_FILES.regular).fontSize(8.5);
    const texts = cells.map((c) => cleanPdfText(c).slice(0, MAX_CELL_CHARS) || "—");
    const heights = texts.map((t, i) => doc.heightOfString(t, { width: layout.widths[i] - 2 * CELL_PAD }));
    const height = Math.max(...heights) + 2 * CELL_PAD;
    if (doc.y + height > bottom()) {
      doc.addPage();
      if (!isHeader) drawRow(layout.header, layout, true);
      doc.font(isHeader ? FONT_FILES.bold : FONT_FILES.regular).fontSize(8.5);
    }
    const y = doc.y;
    if (isHeader) doc.rect(left(), y, width(), height).fill(HEADER_FILL);
    doc.fillColor(INK);
    texts.forEach((t, i) =>
      doc.text(t, layout.xs[i] + CELL_PAD, y + CELL_PAD, { width: layout.widths[i] - 2 * CELL_PAD }),
    );
    doc
      .moveTo(left(), y + height)
      .lineTo(left() + width(), y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = left();
    doc.y = y + height;
    return texts.reduce((sum, t) => sum + t.length, 0);
  }

  return {
    title: (text) => write(text, FONT_FILES.bold, 22, INK, 8),
    heading(text) {
      // a heading never sits alone at the bottom of a page
      if (doc.y + 80 > bottom()) doc.addPage();
      else doc.moveDown(0.8);
      write(text, FONT_FILES.bold, 14, INK, 4);
    },
    paragraph(text) {
      if (!isTruncated) doc.moveDown(0.4);
      const cleaned = cleanPdfText(text);
      for (let i = 0; i < Math.max(cleaned.length, 1); i += PARAGRAPH_BLOCK) {
        write(cleaned.slice(i, i + PARAGRAPH_BLOCK) || " ", FONT_FILES.regular, 10.5, INK);
      }
      if (!isTruncated) doc.moveDown(0.5);
    },
    field(label, value) {
      const text = cleanPdfText(`${value ?? "—"}`);
      if (!take(label.length + text.length)) return;
      doc.font(FONT_FILES.bold).fontSize(10).fillColor(INK).text(`${label}: `, left(), doc.y, { continued: true });
      doc.font(FONT_FILES.regular).text(text, { width: width() });
    },
    note: (text) => write(text, FONT_FILES.regular, 9, MUTED, 2),
    table(columns, rows) {
      if (rows.length === 0) return void write("None recorded.", FONT_FILES.regular, 9, MUTED, 2);
      const widths = columns.map((c) => c.width * width());
      const xs = widths.map((_, i) => left() + widths.slice(0, i).reduce((a, b) => a + b, 0));
      const layout: Layout = { xs, widths, header: columns.map((c) => c.header) };
      if (doc.y + 60 > bottom()) doc.addPage();
      drawRow(layout.header, layout, true);
      for (const row of rows) {
        if (!take(row.reduce((sum, cell) => sum + Math.min(cell.length, MAX_CELL_CHARS), 0))) return;
        drawRow(row, layout);
      }
      doc.moveDown(0.5);
    },
  };
}

/** "<footer> · Page n of m" on every page, once all pages exist. */
function addFooters(doc: PDFKit.PDFDocument, footer: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i += 1) {
    doc.switchToPage(start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the bottom margin would otherwise add a page
    doc
      .font(FONT_FILES.regular)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${footer} · Page ${i + 1} of ${count}`, doc.page.margins.left, doc.page.height - margin / 2 - 4, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}

/**
 * Draws the whole summary in memory (bounded by PDF_LIMITS) and resolves with its bytes. Built before the first byte
 * of any answer, so a failure is still a clean JSON 500, and a ZIP gets the PDF as one small stored entry.
 */
export async function renderSummaryPdf(
  opts: { title: string; generatedAt: Date; footer: string },
  draw: (w: SummaryWriter) => void,
): Promise<Buffer> {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    font: FONT_FILES.regular,
    displayTitle: true,
    info: { Title: opts.title, Creator: "Heirloom", Producer: "Heirloom", CreationDate: opts.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.once("end", resolve);
    doc.once("error", reject);
  });
  draw(createWriter(doc));
  addFooters(doc, opts.footer);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
