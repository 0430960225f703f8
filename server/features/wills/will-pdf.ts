import type { DigitalWill } from "@shared/schema";
import type { PdfWriter } from "../../lib/pdf/pdf-document";

type Testator = { firstName: string | null; lastName: string | null; email: string };

/** The will as a printable document: a header block with its version and owner, then the text as written. */
export function drawWill(w: PdfWriter, will: DigitalWill, testator: Testator): void {
  const name = [testator.firstName, testator.lastName].filter(Boolean).join(" ") || testator.email;
  w.title(will.title);
  w.field("Testator", name);
  w.field("Version", `${will.version} (${will.isActive ? "current" : "archived"})`);
  w.field("Saved", will.createdAt.toISOString().slice(0, 10));
  w.rule();
  w.paragraph(will.content);
  w.rule();
  w.note(
    "Produced by Heirloom from the version saved above. A digital record; check local requirements for a legally valid will.",
  );
}

/** A download name built from server data only (the title never reaches a header). */
export function willFileName(will: DigitalWill): string {
  return `digital-will-v${will.version}-${will.createdAt.toISOString().slice(0, 10)}.pdf`;
}
