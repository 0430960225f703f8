import { Link } from "wouter";
import type { DashboardStats } from "@shared/api-types";
import { formatBytes, usagePercent } from "@shared/format";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useDashboardStats } from "@/features/dashboard/api/get-dashboard-stats";
import { QueryError } from "@/components/query-error";

const COUNTS: readonly { key: keyof DashboardStats["usage"]; label: string }[] = [
  { key: "documents", label: "Documents" },
  { key: "images", label: "Images" },
  { key: "videos", label: "Videos" },
  { key: "ipAssets", label: "IP Assets" },
];

/** The loaded layout with placeholders in its lines when `stats` is not here yet: the card keeps its height. */
function StorageBody({ stats }: { stats: DashboardStats | undefined }) {
  const percent = stats ? usagePercent(stats.storageUsed, stats.storageLimit) : 0;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <div className="flex justify-between gap-2 text-sm">
          <span className="font-medium">Storage</span>
          <span className="text-muted-foreground">
            {stats ? (
              `${formatBytes(stats.storageUsed)} of ${formatBytes(stats.storageLimit)}`
            ) : (
              <Skeleton className="h-3.5 w-28" />
            )}
          </span>
        </div>
        {stats ? (
          <Progress value={percent} label="Storage used" />
        ) : (
          <Skeleton className="block h-2 w-full rounded-full" />
        )}
        <p className="text-xs text-muted-foreground">
          {stats ? `${Math.round(percent)}% used` : <Skeleton className="h-3 w-14" />}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        {COUNTS.map(({ key, label }) => {
          const count = stats?.usage[key];
          return (
            <div key={key} className="rounded-md bg-muted/60 p-3">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-semibold">
                {count ? (
                  `${count.used} / ${count.limit === null ? "Unlimited" : count.limit}`
                ) : (
                  <Skeleton className="h-3.5 w-12 bg-border" />
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** Spec 000 §2: storage bar (capped at 100 %), per-type counts against the plan, Purchase More Storage. */
export function StorageUsagePanel() {
  const { data: stats, isPending, error, refetch } = useDashboardStats();

  return (
    <Card aria-labelledby="storage-usage-title" aria-busy={isPending}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id="storage-usage-title">Storage &amp; Usage</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error ? (
          <QueryError what="your storage usage" error={error} onRetry={() => void refetch()} />
        ) : (
          <StorageBody stats={stats} />
        )}
        {isPending ? <span className="sr-only">Loading storage usage...</span> : null}
        <Button asChild variant="outline">
          <Link href={paths.pricing.getHref()}>Purchase More Storage</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
