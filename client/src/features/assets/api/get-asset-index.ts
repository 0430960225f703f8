import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AssetIndexItem } from "@shared/api-types";
import { fetchListPage, type ListPage } from "@/lib/list-pages";
import { assetKeys, type AssetIndexFilters } from "@/features/assets/api/assets-keys";

export type AssetIndexPage = ListPage<AssetIndexItem>;

function fetchAssetIndex(filters: AssetIndexFilters): Promise<AssetIndexPage> {
  return fetchListPage<AssetIndexItem>("/api/asset-index", filters, { kind: filters.kind });
}

/** GET /api/asset-index: every asset of every kind, newest first; the previous page stays shown while the next loads. */
export function useAssetIndex(filters: AssetIndexFilters) {
  return useQuery({
    queryKey: assetKeys.indexPage(filters),
    queryFn: () => fetchAssetIndex(filters),
    placeholderData: keepPreviousData,
  });
}
