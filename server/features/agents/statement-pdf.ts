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

/** Exact decimal → two places, half up, without floats. */
export function toCents(value: string): string {
  const [whole = "0", frac = ""] = value.split(".");
  const cents = BigInt(`${whole}${frac.padEnd(2, "0").slice(0, 2)}`) + (Number(frac[2] ?? "0") >= 5 ? 1n : 0n);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

/** One month's payout statement: the payout row, then each earning the run made payable (reversed ones marked). */
export function drawStatement(
  w: PdfWriter,
  p: { month: string; profile: AgentProfile | undefined; payout: AgentPayout; earnings: StatementEarning[] },
): void {
  w.title(`Payout statement ${p.month}`);
  w.field("Business", p.profile?.businessName ?? "—");
  w.field("Payments", p.payout.earningsCount);
  w.field("Commission payable (USD)", toCents(p.payout.total));
  w.rule();
  for (const e of p.earnings) {
    const client = [e.clientFirstName, e.clientLastName].filter(Boolean).join(" ") || "Former client";
    w.field(
      `${e.createdAt.toISOString().slice(0, 10)} · ${client}`,
      `${e.amount} × ${e.commissionRate}% = ${e.commission}${e.status === "reversed" ? " (reversed)" : ""}`,
    );
  }
  w.rule();
  w.note("Payouts are automatic through our card payment provider on the 1st of each month.");
}
