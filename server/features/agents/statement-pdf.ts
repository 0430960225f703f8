import { decimalToCents } from "@shared/format";
import { earningLabel } from "@shared/validators/agents";
import type { AgentPayout, AgentProfile } from "@shared/schema";
import type { PdfWriter } from "../../lib/pdf/pdf-document";

type StatementEarning = {
  transactionType: string;
  amount: string;
  commissionRate: string;
  commission: string;
  status: string;
  createdAt: Date;
  clientFirstName: string | null;
  clientLastName: string | null;
};

/** Exact decimal → two places, half away from zero, without floats (negative for refunds and chargebacks). */
export const toCents = decimalToCents;

/**
 * One month's payout statement: the payout row, then each line the run made payable — payments, and refunds and
 * chargebacks as negative lines named so (a month already paid out is corrected in the next statement).
 */
export function drawStatement(
  w: PdfWriter,
  p: { month: string; profile: AgentProfile | undefined; payout: AgentPayout; earnings: StatementEarning[] },
): void {
  w.title(`Payout statement ${p.month}`);
  w.field("Business", p.profile?.businessName ?? "—");
  w.field("Entries", p.payout.earningsCount);
  w.field("Commission payable (USD)", toCents(p.payout.total));
  w.rule();
  for (const e of p.earnings) {
    const client = [e.clientFirstName, e.clientLastName].filter(Boolean).join(" ") || "Former client";
    w.field(
      `${e.createdAt.toISOString().slice(0, 10)} · ${client} · ${earningLabel(e.transactionType)}`,
      `${e.amount} × ${e.commissionRate}% = ${e.commission}${e.status === "reversed" ? " (reversed)" : ""}`,
    );
  }
  w.rule();
  w.note("Payouts are automatic through our card payment provider on the 1st of each month.");
}
