import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useMonthlyEarnings } from "@/features/agents/api/agent-dashboard";
import { formatCommission } from "@/features/agents/components/agent-stats";

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
