import type { Response } from "express";
import type { GiftCardDesign } from "@shared/gift-cards";
import { attachmentHeader, cleanPdfText, FONT_FILES, loadPdfKit } from "../../lib/pdf/pdf-document";
import { CARD, DESIGNS, MARGIN, ORNAMENTS, type Doc } from "./card-designs";

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

const REGULAR = FONT_FILES.regular;
const BOLD = FONT_FILES.bold;
const PAGE_INK = "#1f2937";
const MUTED = "#6b7280";

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;
const day = (d: Date) =>
  d.toLocaleDateString("en-GB", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const { x, y, w, h, r } = CARD;

export const maskedNumber = (n: string) => `•••• •••• •••• ${n.slice(-4)}`;

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
