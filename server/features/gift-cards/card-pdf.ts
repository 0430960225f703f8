import type { Response } from "express";
import type { GiftCardDesign } from "@shared/gift-cards";
import { attachmentHeader, cleanPdfText, FONT_FILES, loadPdfKit } from "../../lib/pdf/pdf-document";

/**
 * The printable gift card (docs/decisions/016): the card front in the chosen design, drawn with pdfkit's vector
 * graphics only (no images), and below it the message, a blank line for the redemption code and how to redeem.
 * The code itself is never printed: it is shown to the buyer once and stored only as a hash, so this file, fetched
 * at any later time, cannot redeem anything. Text in the Noto Sans TTF the will PDF uses (ɛ ɔ ŋ render).
 */
export type PrintableCard = {
  cardNumber: string;
  denominationMinor: number;
  currency: string;
  design: GiftCardDesign;
  status: string;
  expiryDate: Date;
  redeemedAt: Date | null;
  recipientName: string;
  personalMessage: string | null;
  /** The buyer's name; null when they gave none. */
  from: string | null;
  redeemUrl: string;
  printedAt: Date;
};

type Doc = PDFKit.PDFDocument;
type Palette = {
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

const REGULAR = FONT_FILES.regular;
const BOLD = FONT_FILES.bold;
const PAGE_INK = "#1f2937";
const MUTED = "#6b7280";
const MARGIN = 48;
const CARD = { x: MARGIN, y: 64, w: 499, h: 300, r: 18 };

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;
const day = (d: Date) =>
  d.toLocaleDateString("en-GB", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
export const maskedNumber = (n: string) => `•••• •••• •••• ${n.slice(-4)}`;

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

const ORNAMENTS: Record<GiftCardDesign, (doc: Doc, p: Palette) => void> = {
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

function drawFront(doc: Doc, card: PrintableCard) {
  const p = DESIGNS[card.design];
  const bg = p.background;
  if (Array.isArray(bg)) {
    const gradient = doc
      .linearGradient(x, y, x + w, y + h)
      .stop(0, bg[0])
      .stop(1, bg[1]);
    doc.roundedRect(x, y, w, h, r).fill(gradient);
  } else {
    doc.roundedRect(x, y, w, h, r).fillColor(bg).fill();
  }
  ORNAMENTS[card.design](doc, p);

  const left = x + 40;
  const textWidth = w * 0.58;
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(p.ink)
    .text("HEIRLOOM", left, y + 34, { characterSpacing: 1.2, lineBreak: false });
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(p.soft)
    .text(`GIFT CARD · ${p.tagline.toUpperCase()}`, left, y + 58, { lineBreak: false });
  doc
    .font(BOLD)
    .fontSize(34)
    .fillColor(p.ink)
    .text(money(card.denominationMinor, card.currency), left, y + 96, { lineBreak: false });
  doc
    .font(REGULAR)
    .fontSize(13)
    .fillColor(p.ink)
    .text(cleanPdfText(`For ${card.recipientName}`), left, y + 142, {
      width: textWidth,
      height: 18,
      ellipsis: true,
    });
  if (card.from) {
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(p.soft)
      .text(cleanPdfText(`From ${card.from}`), left, y + 162, { width: textWidth, height: 14, ellipsis: true });
  }
  const bottom = y + h - (card.design === "festive" ? 66 : 50);
  doc
    .font(BOLD)
    .fontSize(15)
    .fillColor(p.ink)
    .text(maskedNumber(card.cardNumber), left, bottom, { characterSpacing: 1.5, lineBreak: false });
  doc
    .font(REGULAR)
    .fontSize(7)
    .fillColor(p.soft)
    .text("VALID UNTIL", x + w - 162, bottom - 10, { width: 122, align: "right", lineBreak: false });
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(p.ink)
    .text(day(card.expiryDate), x + w - 162, bottom + 2, { width: 122, align: "right", lineBreak: false });

  doc.save();
  doc
    .roundedRect(x - 10, y - 10, w + 20, h + 20, r + 6)
    .dash(4, { space: 4 })
    .lineWidth(0.6)
    .strokeColor("#9ca3af")
    .stroke();
  doc.restore();
  doc
    .font(REGULAR)
    .fontSize(7)
    .fillColor(MUTED)
    .text("Cut along the dotted line", x, y + h + 14, { width: w, align: "center", lineBreak: false });
}

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8).font(BOLD).fontSize(12).fillColor(PAGE_INK).text(text, MARGIN, doc.y, { width: w });
  doc.moveDown(0.2);
}

function body(doc: Doc, text: string, opts: { size?: number; color?: string } = {}) {
  doc
    .font(REGULAR)
    .fontSize(opts.size ?? 10.5)
    .fillColor(opts.color ?? PAGE_INK)
    .text(cleanPdfText(text), MARGIN, doc.y, { width: w });
}

/** Four boxes of four, as the code is written (XXXX-XXXX-XXXX-XXXX), left empty for the giver's hand. */
function codeBoxes(doc: Doc) {
  const top = doc.y + 6;
  const box = { w: 92, h: 30, gap: 22 };
  for (let i = 0; i < 4; i++) {
    const bx = MARGIN + i * (box.w + box.gap);
    doc.roundedRect(bx, top, box.w, box.h, 4).lineWidth(0.8).strokeColor("#9ca3af").stroke();
    if (i < 3) {
      doc
        .moveTo(bx + box.w + 7, top + box.h / 2)
        .lineTo(bx + box.w + box.gap - 7, top + box.h / 2)
        .lineWidth(1)
        .strokeColor("#9ca3af")
        .stroke();
    }
  }
  doc.y = top + box.h + 6;
}

function drawDetails(doc: Doc, card: PrintableCard) {
  doc.y = y + h + 36;
  if (card.personalMessage) {
    heading(doc, "A message for you");
    body(doc, card.personalMessage, { size: 12 });
  }
  heading(doc, "Redemption code");
  body(
    doc,
    "Write the card's code in the boxes (the giver saw it once, when the card was bought, and the recipient received it by message).",
    { size: 9.5, color: MUTED },
  );
  codeBoxes(doc);
  body(
    doc,
    "Heirloom never prints a code: each one is shown to its buyer once and stored only as a fingerprint, so a copy of this page cannot be redeemed without it.",
    { size: 8.5, color: MUTED },
  );
  heading(doc, "How to redeem");
  body(doc, `1. Go to ${card.redeemUrl} and sign in, or create a free Heirloom account.`);
  body(doc, "2. Under “Redeem a gift card”, enter the code.");
  body(
    doc,
    `3. ${money(card.denominationMinor, card.currency)} becomes account credit, which pays plan months and storage before any other payment method.`,
  );
  heading(doc, "Card details");
  body(
    doc,
    `Card number ${maskedNumber(card.cardNumber)} · Value ${money(card.denominationMinor, card.currency)} · Valid until ${day(card.expiryDate)} · Design ${DESIGNS[card.design].label}`,
    { size: 9.5 },
  );
  if (card.status === "redeemed") {
    body(doc, `This card was redeemed${card.redeemedAt ? ` on ${day(card.redeemedAt)}` : ""}.`, { size: 9.5 });
  } else if (card.status === "expired") {
    body(doc, "This card has expired.", { size: 9.5 });
  }
}

export function giftCardFileName(card: Pick<PrintableCard, "cardNumber">) {
  return `heirloom-gift-card-${card.cardNumber.slice(-4)}.pdf`;
}

/** One A4 page, drawn in memory before the first byte is sent (a failure is still a clean JSON error). */
export function buildGiftCardPdf(card: PrintableCard): Doc {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    font: REGULAR,
    displayTitle: true,
    info: {
      Title: `Heirloom gift card ${maskedNumber(card.cardNumber)}`,
      Creator: "Heirloom",
      Producer: "Heirloom",
      CreationDate: card.printedAt,
    },
  });
  drawFront(doc, card);
  drawDetails(doc, card);
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Heirloom · printed ${card.printedAt.toISOString().slice(0, 10)}`, MARGIN, doc.page.height - 34, {
      width: w,
      align: "center",
      lineBreak: false,
    });
  doc.page.margins.bottom = bottom;
  return doc;
}

export function sendGiftCardPdf(res: Response, card: PrintableCard): void {
  const doc = buildGiftCardPdf(card);
  res.status(200);
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", attachmentHeader(giftCardFileName(card)));
  res.setHeader("X-Content-Type-Options", "nosniff");
  doc.pipe(res);
  doc.end();
}
