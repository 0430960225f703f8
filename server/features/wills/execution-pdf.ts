import type { DigitalWill } from "@shared/schema";
import { NOT_LEGAL_ADVICE, type Witness } from "@shared/validators/will-executions";
import type { PdfWriter } from "../../lib/pdf/pdf-document";
import type { ExecutionRecord } from "./execution-secrets";

const LINE = "______________________________";

/** The attestation clause in plain English (Wills Act, 1971 (Act 360)). */
export function attestationClause(testatorName: string): string {
  return (
    `Signed by ${testatorName}, the testator, as their last will, in our presence, both of us being present at the ` +
    "same time; and then signed by each of us, as witnesses, in the presence of the testator."
  );
}

/** Every page's foot: the line for the testator's initials; pdf-document adds "Page n of m". */
export function executionFooter(will: DigitalWill): string {
  return `Testator's initials: ____________ · Will version ${will.version}`;
}

function witnessBlock(w: PdfWriter, n: number, witness: Witness | undefined) {
  w.heading(`Witness ${n}`);
  w.paragraph(`Signature: ${LINE}`);
  w.field("Full name", witness?.fullName ?? LINE);
  w.field("Address", witness?.address ?? LINE);
  w.field("Occupation", witness?.occupation ?? LINE);
}

/**
 * The will laid out for wet signatures: its text, then the place and date, the testator's signature block, the
 * attestation clause and a block for each of the two witnesses. User text goes through the writer alone, which
 * renders it literally with the embedded Unicode font (ɛ ɔ ŋ).
 */
export function drawExecution(w: PdfWriter, will: DigitalWill, execution: ExecutionRecord): void {
  w.title(will.title);
  w.field("Testator", execution.testatorName);
  w.field("Address", execution.testatorAddress);
  w.rule();
  w.paragraph(will.content);
  w.rule();
  w.heading("Signature of the testator");
  w.paragraph(`Signed at ${execution.place} on ${execution.signedOn ?? "____ / ____ / ________"}.`);
  w.paragraph(`Signature: ${LINE}`);
  w.field("Full name", execution.testatorName);
  w.heading("Attestation");
  w.paragraph(attestationClause(execution.testatorName));
  witnessBlock(w, 1, execution.witnesses[0]);
  witnessBlock(w, 2, execution.witnesses[1]);
  w.rule();
  w.note(`${NOT_LEGAL_ADVICE} The testator initials the foot of every page.`);
}

export function executionFileName(will: DigitalWill): string {
  return `will-for-signing-v${will.version}.pdf`;
}
