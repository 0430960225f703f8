import { useState } from "react";
import { ADMIN_PAGE_SIZE } from "@shared/validators/admin";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuditPage, type AuditFilters as Filters } from "@/features/admin/api/get-audit";
import { AuditFilters, NO_FILTERS } from "@/features/admin/components/audit-filters";
import { describeFailure } from "@/lib/describe-failure";
import { formatDateTime } from "@/lib/format";

const HEADINGS = ["When", "Actor", "Action", "Target", "Address"];

/** The audit log viewer: every recorded security event, newest first, filtered by actor, action and date. */
export function AuditTab() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const page = useAuditPage({ ...filters, limit: ADMIN_PAGE_SIZE, offset });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>Who did what, when, from where. No secret values are recorded.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AuditFilters
          onApply={(next) => {
            setFilters(next);
            setOffset(0);
          }}
        />
        {page.isPending ? <Skeleton className="h-40 w-full" /> : null}
        {page.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the audit log: {describeFailure(page.error)}
          </p>
        ) : null}
        {page.data && page.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No events match.</p>
        ) : null}
        {page.data && page.data.items.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b text-muted-foreground">
                  {HEADINGS.map((h) => (
                    <th key={h} scope="col" className="py-2 pr-3 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.data.items.map((e) => (
                  <tr key={e.id} className="border-b last:border-0">
                    <td className="py-2 pr-3">{formatDateTime(e.at)}</td>
                    <td className="py-2 pr-3">{e.actorId ?? "—"}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{e.action}</td>
                    <td className="py-2 pr-3">{e.target ?? "—"}</td>
                    <td className="py-2 pr-3">{e.ip ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {page.data ? (
          <Pagination
            label="Audit pages"
            offset={offset}
            shown={page.data.items.length}
            total={page.data.total}
            pageSize={ADMIN_PAGE_SIZE}
            onOffsetChange={setOffset}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
