import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ActivityDto } from "@shared/validators/notifications";
import { fetchListPage, type PageParams } from "@/lib/list-pages";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/activity one page at a time (newest first, X-Total-Count); the previous page stays while the next loads. */
export function useActivityPage(params: PageParams) {
  return useQuery({
    queryKey: [...queryKeys.activity(), "page", params],
    queryFn: () => fetchListPage<ActivityDto>("/api/activity", params),
    placeholderData: keepPreviousData,
  });
}
