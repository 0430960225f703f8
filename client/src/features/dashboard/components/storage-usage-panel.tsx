import type { ReactNode } from "react";
import { Link } from "wouter";
import type { DashboardStats } from "@shared/api-types";
import { formatBytes, usagePercent } from "@shared/format";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useDashboardStats } from "@/features/dashboard/api/get-dashboard-stats";
import { QueryError } from "@/components/query-error";

const COUNTS: readonly { key: keyof DashboardStats["usage"]; label: string }[] = [
  { key: "documents", label: "Documents" },
  { key: "images", label: "Images" },
  { key: "videos", label: "Videos" },
  { key: "ipAssets", label: "IP Assets" },
];

/** Spec 000 §2: storage bar (capped at 100 %), per-type counts against the plan, Purchase More Storage. */
export function StorageUsagePanel() {
  const { data: stats, isPending, error, refetch } = useDashboardStats();

  let body: ReactNode;
  if (isPending) body = <Spinner label="Loading storage usage..." showLabel />;
  else if (error) body = <QueryError what="your storage usage" error={error} onRetry={() => void refetch()} />;
  else {
    const percent = usagePercent(stats.storageUsed, stats.storageLimit);
    body = (
      <div className="grid gap-4">
        <div className="grid gap-2">
          <div className="flex justify-between gap-2 text-sm">
            <span className="font-medium">Storage</span>
            <span className="text-muted-foreground">
              {formatBytes(stats.storageUsed)} of {formatBytes(stats.storageLimit)}
            </span>
          </div>
          <Progress value={percent} label="Storage used" />
          <p className="text-xs text-muted-foreground">{Math.round(percent)}% used</p>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {COUNTS.map(({ key, label }) => {
            const { used, limit } = stats.usage[key];
            return (
              <div key={key} className="rounded-md bg-muted/60 p-3">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-semibold">
                  {used} / {limit === null ? "Unlimited" : limit}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
    );
  }

  return (
    <Card aria-labelledby="storage-usage-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="storage-usage-title">Storage &amp; Usage</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        <Button asChild variant="outline">
          <Link href={paths.pricing}>Purchase More Storage</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
