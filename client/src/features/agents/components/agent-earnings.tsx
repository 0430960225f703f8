import { earningLabel } from "@shared/validators/agents";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useAgentEarnings, useMonthlyEarnings } from "@/features/agents/api/agent-dashboard";
import { formatCommission } from "@/features/agents/components/agent-stats";
import { formatDate } from "@/lib/format";

/**
 * The latest ledger lines, one per payment, renewal, refund or chargeback: a refund or chargeback is a negative
 * line named so, taken from the next payout when the payment's month was already paid out.
 */
export function RecentEarnings() {
  const earnings = useAgentEarnings();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Recent Earnings</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {earnings.isPending ? <p className="text-sm text-muted-foreground">Loading earnings...</p> : null}
        {earnings.error ? <p role="alert">Could not load your earnings.</p> : null}
        {earnings.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments by your clients yet.</p>
        ) : null}
        <ul aria-label="Recent earnings" className="divide-y text-sm">
          {earnings.data?.map((e) => {
            const negative = e.commission.startsWith("-");
            return (
              <li key={e.id} className="flex items-center justify-between gap-4 py-2">
                <span>
                  <span className={negative ? "font-medium text-destructive" : "font-medium"}>
                    {earningLabel(e.transactionType)}
                  </span>{" "}
                  · {e.clientName} · {formatDate(e.createdAt)}
                </span>
                <span className={negative ? "font-medium text-destructive" : "font-medium"}>
                  {formatCommission(e.commission)}{" "}
                  <span className="font-normal text-muted-foreground">· {e.status}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Earnings by month: a bar per month (newest right) and the month's status, payable after the run on the 1st. */
export function EarningsByMonth() {
  const monthly = useMonthlyEarnings();
  const months = [...(monthly.data ?? [])].reverse();
  const max = Math.max(...months.map((m) => Number(m.total)), 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Earnings by Month</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {monthly.isPending ? <p className="text-sm text-muted-foreground">Loading earnings...</p> : null}
        {monthly.error ? <p role="alert">Could not load your earnings.</p> : null}
        {monthly.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No earnings yet. Commission on your clients' payments appears here.
          </p>
        ) : null}
        {months.length > 0 ? (
          <div role="img" aria-label="Earnings by month chart" className="flex h-40 items-end gap-2">
            {months.map((m) => (
              <div key={m.month} className="flex w-full max-w-16 flex-1 flex-col items-center gap-1">
                <div
                  className="w-full rounded-t bg-primary"
                  style={{ height: `${max > 0 ? Math.max(4, (Number(m.total) / max) * 120) : 4}px` }}
                />
                <span className="text-xs text-muted-foreground">{m.month}</span>
              </div>
            ))}
          </div>
        ) : null}
        <ul className="divide-y text-sm">
          {monthly.data?.map((m) => (
            <li key={m.month} className="flex justify-between py-2">
              <span>
                {m.month} · {m.count} payment{m.count === 1 ? "" : "s"}
              </span>
              <span className="flex items-center gap-3 font-medium">
                {formatCommission(m.total)} {m.payable ? "· payable" : "· pending"}
                {m.payable ? (
                  <a
                    className="text-primary underline underline-offset-4"
                    href={`/api/agent/statements/${m.month}`}
                    download
                  >
                    Statement (PDF)
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          Payouts are automatic through our card payment provider on the 1st of each month.
        </p>
      </CardContent>
    </Card>
  );
}
