import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditEntryDto } from "@shared/admin-api";
import { adminKeys } from "@/features/admin/api/admin-keys";
import { fetchListPage, type PageParams } from "@/lib/list-pages";

export type AuditFilters = { actorId: string; action: string; from: string; to: string };

/** GET /api/admin/audit one page at a time, newest first, with the viewer's filters. */
export function useAuditPage(params: PageParams & AuditFilters) {
  const { limit, offset, ...filters } = params;
  return useQuery({
    queryKey: adminKeys.auditPage(params),
    queryFn: () => fetchListPage<AuditEntryDto>("/api/admin/audit", { limit, offset }, filters),
    placeholderData: keepPreviousData,
  });
}
