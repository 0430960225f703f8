import { useState } from "react";
import { History } from "lucide-react";
import type { WillDto } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useWills } from "@/features/wills/api/get-wills";
import { QueryError } from "@/components/query-error";
import { WillVersionDialog } from "@/features/wills/components/will-version-dialog";
import { formatDateTime } from "@/lib/format";

/**
 * Archived versions, each openable and comparable with the current will. Spec 000 §2: shown only when more
 * than one will exists, so loading and "one will or none" both render nothing.
 */
export function WillHistory() {
  const { data: wills, error, refetch } = useWills();
  const [opened, setOpened] = useState<WillDto | null>(null);

  if (error) return <QueryError what="your will history" error={error} onRetry={() => void refetch()} />;
  if (!wills || wills.length <= 1) return null;

  const current = wills.find((w) => w.isActive) ?? null;
  const archived = wills.filter((w) => !w.isActive);
  return (
    <Card aria-labelledby="will-history-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="will-history-title" className="flex items-center gap-2">
            <History className="size-5 text-primary" aria-hidden="true" />
            Will History
          </h2>
        </CardTitle>
        <CardDescription>Earlier versions, kept read-only.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {archived.map((will) => (
            <li key={will.id} className="flex items-center gap-3 rounded-md border border-border p-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  Version {will.version}: {will.title}
                </p>
                <p className="text-xs text-muted-foreground">{formatDateTime(will.createdAt)}</p>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={`View version ${will.version}`}
                onClick={() => setOpened(will)}
              >
                View
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
      <WillVersionDialog version={opened} current={current} onClose={() => setOpened(null)} />
    </Card>
  );
}
