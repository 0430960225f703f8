import { useState } from "react";
import { ADMIN_PAGE_SIZE } from "@shared/validators/admin";
import { PagedTable } from "@/components/paged-table";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuditPage, type AuditFilters as Filters } from "@/features/admin/api/get-audit";
import { AuditFilters, NO_FILTERS } from "@/features/admin/components/audit-filters";
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
        <PagedTable
          page={page}
          what="the audit log"
          emptyText="No events match."
          headings={HEADINGS}
          renderRow={(e) => (
            <tr key={e.id} className="border-b last:border-0">
              <td className="py-2 pr-3">{formatDateTime(e.at)}</td>
              <td className="py-2 pr-3">{e.actorId ?? "—"}</td>
              <td className="py-2 pr-3 font-mono text-xs">{e.action}</td>
              <td className="py-2 pr-3">{e.target ?? "—"}</td>
              <td className="py-2 pr-3">{e.ip ?? "—"}</td>
            </tr>
          )}
          pagesLabel="Audit pages"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          onOffsetChange={setOffset}
        />
      </CardContent>
    </Card>
  );
}
