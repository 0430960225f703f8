import { formatBytes, usagePercent } from "@shared/format";
import type { UsageDto } from "@shared/validators/billing";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";

function limitText(used: number, limit: number | null): string {
  return limit === null ? `${used} (unlimited)` : `${used} of ${limit}`;
}

/** Current storage: the bar is capped at 100 % (spec 000 §9), then what counts against the plan. */
export function StorageUsageCard({ usage }: { usage: UsageDto }) {
  const rows = [
    ["Files", limitText(usage.fileCount, usage.fileLimit)],
    ["Documents", limitText(usage.documentsUsed, usage.documentsLimit)],
    ["Images", limitText(usage.imagesUsed, usage.imagesLimit)],
    ["Videos", limitText(usage.videosUsed, usage.videosLimit)],
    ["IP assets", limitText(usage.ipAssetsUsed, usage.ipAssetsLimit)],
    ["Beneficiaries", limitText(usage.beneficiariesUsed, usage.beneficiariesLimit)],
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Current storage usage</h2>
        </CardTitle>
        <CardDescription>
          {usage.baseStorageLimitMB >= 1024
            ? `${usage.baseStorageLimitMB / 1024} GB`
            : `${usage.baseStorageLimitMB} MB`}{" "}
          with your plan{usage.additionalStorageGB > 0 ? ` + ${usage.additionalStorageGB} GB purchased` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <div className="flex justify-between text-sm">
            <span className="font-medium">Storage used</span>
            <span className="text-muted-foreground">
              {formatBytes(usage.storageUsed)} of {formatBytes(usage.storageLimit)}
            </span>
          </div>
          <Progress value={usagePercent(usage.storageUsed, usage.storageLimit)} label="Storage used" />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2 border-b border-border pb-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
