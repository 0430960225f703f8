import { useState } from "react";
import { History } from "lucide-react";
import { QueryError } from "@/components/query-error";
import { Card, CardContent } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { useActivityPage } from "@/features/activity/api/get-activity";
import { describeActivity } from "@/features/activity/lib/describe-activity";
import { formatDateTime, formatRelative } from "@/lib/format";

export const ACTIVITY_PAGE_SIZE = 25;

/** The owner's audit trail, newest first, a page at a time: each event in plain words with its time. */
export function ActivityList() {
  const [offset, setOffset] = useState(0);
  const query = useActivityPage({ limit: ACTIVITY_PAGE_SIZE, offset });

  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading activity">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError)
    return <QueryError what="your activity" error={query.error} onRetry={() => void query.refetch()} />;

  const { items, total } = query.data;
  if (total === 0) {
    return (
      <Card>
        <CardContent className="flex items-center gap-4 pt-6">
          <History className="size-5 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">No activity yet.</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="pt-6">
          <ol className="divide-y divide-border" aria-label="Activity">
            {items.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
                <span>{describeActivity(e)}</span>
                <time className="text-sm text-muted-foreground" dateTime={e.at} title={formatDateTime(e.at)}>
                  {formatRelative(e.at)}
                </time>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      {total > ACTIVITY_PAGE_SIZE ? (
        <Pagination
          label="Activity pages"
          offset={offset}
          shown={items.length}
          total={total}
          pageSize={ACTIVITY_PAGE_SIZE}
          onOffsetChange={setOffset}
        />
      ) : null}
    </div>
  );
}
