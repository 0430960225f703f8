import type { Witness } from "./validators/will-executions";

/** What the warnings compare a witness against: the owner's beneficiaries as recorded. */
export type BeneficiaryForWarnings = { firstName: string; lastName: string; email: string; relationship: string };

export type ExecutionWarningCode =
  | "too_few_witnesses"
  | "same_witness_twice"
  | "witness_is_testator"
  | "witness_is_beneficiary"
  | "witness_spouse_is_beneficiary";

export type ExecutionWarning = { code: ExecutionWarningCode; message: string };

type Subject = { testatorName: string; witnesses: Witness[] };

/** Names and e-mails compared as people write them: composed letters, case and spacing ignored. */
export function samePerson(a: string | undefined, b: string | undefined): boolean {
  const norm = (v: string) => v.normalize("NFC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim();
  return a !== undefined && b !== undefined && norm(a) !== "" && norm(a) === norm(b);
}

const fullName = (b: BeneficiaryForWarnings) => `${b.firstName} ${b.lastName}`;

function beneficiaryWarnings(w: Witness, beneficiaries: BeneficiaryForWarnings[]): ExecutionWarning[] {
  const out: ExecutionWarning[] = [];
  const named = beneficiaries.find((b) => samePerson(fullName(b), w.fullName) || samePerson(b.email, w.email));
  if (named) {
    out.push({
      code: "witness_is_beneficiary",
      message: `${w.fullName} is also your beneficiary ${fullName(named)}: a gift to a witness fails, though the will stands. Choose another witness.`,
    });
  }
  const spouse = beneficiaries.find((b) => samePerson(fullName(b), w.spouseName));
  if (spouse) {
    out.push({
      code: "witness_spouse_is_beneficiary",
      message: `${w.fullName}'s spouse ${fullName(spouse)} is your beneficiary: a gift to a witness's spouse fails, though the will stands. Choose another witness.`,
    });
  }
  return out;
}

/**
 * Warnings, never blocks: what could make the will or a gift in it fail under the Wills Act, 1971 (Act 360) — fewer
 * than two witnesses, the same person twice, the testator as a witness, a witness (or a witness's spouse) who is a
 * beneficiary. Pure, so the form and the server say the same thing.
 */
export function executionWarnings(subject: Subject, beneficiaries: BeneficiaryForWarnings[]): ExecutionWarning[] {
  const out: ExecutionWarning[] = [];
  const { witnesses } = subject;
  if (witnesses.length < 2) {
    out.push({
      code: "too_few_witnesses",
      message: `The will needs two witnesses who are present together when you sign; ${witnesses.length === 0 ? "none is" : "only one is"} named.`,
    });
  }
  const [a, b] = witnesses;
  if (a && b && (samePerson(a.fullName, b.fullName) || samePerson(a.email, b.email))) {
    out.push({
      code: "same_witness_twice",
      message: "The same person is named as both witnesses: two different people must witness.",
    });
  }
  for (const w of witnesses) {
    if (samePerson(w.fullName, subject.testatorName)) {
      out.push({
        code: "witness_is_testator",
        message: `${w.fullName} is the testator: the witnesses must be two other people.`,
      });
    }
    out.push(...beneficiaryWarnings(w, beneficiaries));
  }
  return out;
}
