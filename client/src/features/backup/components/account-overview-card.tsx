import type { ReactNode } from "react";
import { formatBytes, usagePercent } from "@shared/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { parseApiError } from "@/lib/api-client";
import { useAccountOverview } from "@/features/backup/api/get-account-overview";
import { useExportHistory } from "@/features/backup/api/get-export-history";
import { formatDateTime } from "@/lib/format";

function LastBackup() {
  const { data, isPending, error } = useExportHistory();
  let text: string;
  if (isPending) text = "Loading...";
  else if (error) text = `Could not load. ${parseApiError(error).message}`;
  else if (data.isRunning) text = "An export is running now";
  else if (!data.lastBackup) text = "No backup yet";
  else text = `${formatDateTime(data.lastBackup.createdAt)} (${data.lastBackup.format.toUpperCase()})`;
  return (
    <div className="flex justify-between gap-2 text-sm" aria-live="polite">
      <span className="text-muted-foreground">Last backup</span>
      <span className="text-right font-medium">{text}</span>
    </div>
  );
}

/** Spec 000 §2: total assets, beneficiaries, trusted parties and the storage used/limit bar, plus the last backup. */
export function AccountOverviewCard() {
  const { data: stats, isPending, error } = useAccountOverview();

  let body: ReactNode;
  if (isPending) body = <Spinner label="Loading your account overview..." showLabel />;
  else if (error) {
    body = (
      <p role="alert" className="text-sm text-destructive">
        Could not load your account overview. {parseApiError(error).message}
      </p>
    );
  } else {
    const rows = [
      ["Total assets", stats.totalAssets],
      ["Beneficiaries", stats.beneficiaries],
      ["Trusted parties", stats.trustedParties],
    ] as const;
    body = (
      <div className="grid gap-4">
        <dl className="grid grid-cols-3 gap-3 text-center">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-md bg-muted/60 p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-2">
          <div className="flex justify-between gap-2 text-sm">
            <span className="font-medium">Storage</span>
            <span className="text-muted-foreground">
              {formatBytes(stats.storageUsed)} of {formatBytes(stats.storageLimit)}
            </span>
          </div>
          <Progress value={usagePercent(stats.storageUsed, stats.storageLimit)} label="Storage used" />
        </div>
      </div>
    );
  }

  return (
    <Card aria-labelledby="overview-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="overview-title">Account overview</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        <LastBackup />
      </CardContent>
    </Card>
  );
}
