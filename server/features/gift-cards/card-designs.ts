import type { GiftCardDesign } from "@shared/gift-cards";

/** The four gift-card designs (docs/decisions/016): colours, words and a vector ornament each, drawn with pdfkit. */

export type Doc = PDFKit.PDFDocument;
export type Palette = {
  label: string;
  tagline: string;
  background: string | [string, string];
  ink: string;
  soft: string;
  accent: string;
};

/** Each design's colours and words; its ornament is drawn by ORNAMENTS below. */
export const DESIGNS: Record<GiftCardDesign, Palette> = {
  classic: {
    label: "Classic",
    tagline: "With love",
    background: "#14305a",
    ink: "#ffffff",
    soft: "#e9dcae",
    accent: "#d4af37",
  },
  modern: {
    label: "Modern",
    tagline: "A gift for the future",
    background: ["#0f172a", "#0d9488"],
    ink: "#ffffff",
    soft: "#ccfbf1",
    accent: "#5eead4",
  },
  festive: {
    label: "Festive",
    tagline: "Afehyia pa!",
    background: "#9f1239",
    ink: "#ffffff",
    soft: "#fde68a",
    accent: "#fbbf24",
  },
  memorial: {
    label: "Memorial",
    tagline: "In loving memory",
    background: "#f4f1ea",
    ink: "#374151",
    soft: "#6b7280",
    accent: "#9ca3af",
  },
};

export const MARGIN = 48;
export const CARD = { x: MARGIN, y: 64, w: 499, h: 300, r: 18 };

function star(doc: Doc, cx: number, cy: number, outer: number, inner: number) {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  doc.polygon(...points);
}

function diamond(doc: Doc, cx: number, cy: number, size: number) {
  doc.polygon([cx, cy - size], [cx + size, cy], [cx, cy + size], [cx - size, cy]);
}

const { x, y, w, h, r } = CARD;

export const ORNAMENTS: Record<GiftCardDesign, (doc: Doc, p: Palette) => void> = {
  /** A double gold frame with a flourish and a diamond at each corner. */
  classic(doc, p) {
    doc
      .roundedRect(x + 10, y + 10, w - 20, h - 20, r - 6)
      .lineWidth(1.6)
      .strokeColor(p.accent)
      .stroke();
    doc
      .roundedRect(x + 15, y + 15, w - 30, h - 30, r - 8)
      .lineWidth(0.6)
      .strokeColor(p.accent)
      .stroke();
    const corners: [number, number, number, number][] = [
      [x + 26, y + 26, 1, 1],
      [x + w - 26, y + 26, -1, 1],
      [x + 26, y + h - 26, 1, -1],
      [x + w - 26, y + h - 26, -1, -1],
    ];
    for (const [cx, cy, dx, dy] of corners) {
      diamond(doc, cx, cy, 4);
      doc.fillColor(p.accent).fill();
      doc
        .moveTo(cx + dx * 8, cy)
        .bezierCurveTo(cx + dx * 16, cy, cx + dx * 17, cy + dy * 7, cx + dx * 26, cy + dy * 3)
        .moveTo(cx, cy + dy * 8)
        .bezierCurveTo(cx, cy + dy * 16, cx + dx * 7, cy + dy * 17, cx + dx * 3, cy + dy * 26)
        .lineWidth(1)
        .strokeColor(p.accent)
        .stroke();
    }
  },
  /** Overlapping translucent circles and a fan of fine lines. */
  modern(doc, p) {
    doc.save();
    doc.roundedRect(x, y, w, h, r).clip();
    doc.fillOpacity(0.18);
    doc
      .circle(x + w - 70, y + 40, 120)
      .fillColor(p.accent)
      .fill();
    doc
      .circle(x + w - 10, y + h - 20, 90)
      .fillColor("#ffffff")
      .fill();
    doc.fillOpacity(1);
    doc.strokeOpacity(0.35).lineWidth(0.8).strokeColor(p.soft);
    for (let i = 0; i < 9; i++) {
      doc
        .moveTo(x + w * 0.45 + i * 14, y + h)
        .lineTo(x + w, y + h * 0.35 + i * 10)
        .stroke();
    }
    doc.restore();
    doc
      .rect(x + 28, y + 74, 56, 4)
      .fillColor(p.accent)
      .fill();
  },
  /** Gold stars, confetti, and a kente-style band of gold, green, black and red along the bottom. */
  festive(doc, p) {
    const stars: [number, number, number][] = [
      [x + w - 60, y + 48, 16],
      [x + w - 110, y + 86, 9],
      [x + w - 36, y + 110, 7],
      [x + w - 150, y + 40, 6],
      [x + w - 88, y + 146, 5],
    ];
    for (const [cx, cy, size] of stars) {
      star(doc, cx, cy, size, size * 0.45);
      doc.fillColor(p.accent).fill();
    }
    const confetti = ["#fbbf24", "#34d399", "#ffffff", "#f9a8d4"];
    for (let i = 0; i < 18; i++) {
      const cx = x + w * 0.5 + ((i * 73) % 226);
      const cy = y + 26 + ((i * 131) % 168);
      doc
        .circle(cx, cy, 1.8)
        .fillColor(confetti[i % confetti.length])
        .fill();
    }
    doc.save();
    doc.roundedRect(x, y, w, h, r).clip();
    const band = ["#fbbf24", "#15803d", "#111827", "#dc2626"];
    const cell = 12;
    for (let col = 0; col * cell < w; col++) {
      for (let row = 0; row < 2; row++) {
        doc
          .rect(x + col * cell, y + h - 2 * cell + row * cell, cell, cell)
          .fillColor(band[(col + row * 2) % band.length])
          .fill();
      }
    }
    doc.restore();
  },
  /** A quiet grey frame, a lit candle and an olive sprig. */
  memorial(doc, p) {
    doc
      .roundedRect(x + 12, y + 12, w - 24, h - 24, r - 6)
      .lineWidth(0.8)
      .strokeColor(p.accent)
      .stroke();
    const cx = x + w - 78;
    const base = y + 190;
    doc
      .roundedRect(cx - 14, base - 90, 28, 90, 3)
      .fillColor("#e7e0cf")
      .fill();
    doc
      .roundedRect(cx - 14, base - 90, 28, 90, 3)
      .lineWidth(0.8)
      .strokeColor("#b8ad94")
      .stroke();
    doc
      .moveTo(cx, base - 90)
      .lineTo(cx, base - 98)
      .lineWidth(1)
      .strokeColor("#4b5563")
      .stroke();
    doc
      .moveTo(cx, base - 128)
      .bezierCurveTo(cx + 10, base - 112, cx + 8, base - 98, cx, base - 98)
      .bezierCurveTo(cx - 8, base - 98, cx - 10, base - 112, cx, base - 128)
      .fillColor("#f59e0b")
      .fill();
    doc
      .moveTo(cx, base - 118)
      .bezierCurveTo(cx + 4, base - 110, cx + 3, base - 102, cx, base - 102)
      .bezierCurveTo(cx - 3, base - 102, cx - 4, base - 110, cx, base - 118)
      .fillColor("#fde68a")
      .fill();
    doc
      .rect(cx - 30, base, 60, 5)
      .fillColor("#b8ad94")
      .fill();
    // the olive sprig: a curved stem with leaves either side
    const sx = cx - 60;
    const sy = base + 26;
    doc
      .moveTo(sx, sy)
      .quadraticCurveTo(sx + 60, sy - 16, sx + 120, sy)
      .lineWidth(1)
      .strokeColor("#6b7f5a")
      .stroke();
    for (let i = 1; i <= 5; i++) {
      const t = i / 6;
      const lx = sx + 120 * t;
      const ly = sy - 16 * 2 * t * (1 - t);
      for (const side of [-1, 1]) {
        doc.save();
        doc.translate(lx, ly).rotate(side * 35 - 20);
        doc
          .ellipse(0, side * 6, 7, 2.6)
          .fillColor("#7c8f67")
          .fill();
        doc.restore();
      }
    }
  },
};
