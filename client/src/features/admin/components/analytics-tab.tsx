import { formatBytes } from "@shared/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminMetrics } from "@/features/admin/api/get-admin-overview";
import { BarChart } from "@/features/admin/components/bar-chart";
import { describeFailure } from "@/lib/describe-failure";
import { formatMoney } from "@/lib/format";

/** Analytics: sign-ups, confirmed revenue and stored bytes over the last twelve months (GET /api/admin/metrics). */
export function AnalyticsTab() {
  const metrics = useAdminMetrics();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Analytics</CardTitle>
        <CardDescription>The last twelve months, by calendar month (UTC).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-3">
        {metrics.isPending ? <Skeleton className="h-40 w-full lg:col-span-3" /> : null}
        {metrics.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the figures: {describeFailure(metrics.error)}
          </p>
        ) : null}
        {metrics.data ? (
          <>
            <BarChart title="Sign-ups" points={metrics.data.signUps} format={String} />
            <BarChart title="Revenue" points={metrics.data.revenue} format={(v) => formatMoney(v)} />
            <BarChart title="Storage" points={metrics.data.storage} format={formatBytes} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
