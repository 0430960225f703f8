import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AssetIndexItem } from "@shared/api-types";
import { apiRequest } from "@/lib/api-client";
import { assetKeys, type AssetIndexFilters } from "@/features/assets/api/assets-keys";

export type AssetIndexPage = { items: AssetIndexItem[]; total: number };

async function fetchAssetIndex(filters: AssetIndexFilters): Promise<AssetIndexPage> {
  const params = new URLSearchParams({ limit: String(filters.limit), offset: String(filters.offset) });
  if (filters.q) params.set("q", filters.q);
  if (filters.kind) params.set("kind", filters.kind);
  const res = await apiRequest("GET", `/api/asset-index?${params.toString()}`);
  const items = (await res.json()) as AssetIndexItem[];
  const total = Number(res.headers.get("X-Total-Count"));
  return { items, total: res.headers.has("X-Total-Count") && Number.isFinite(total) ? total : items.length };
}

/** GET /api/asset-index: every asset of every kind, newest first; the previous page stays shown while the next loads. */
export function useAssetIndex(filters: AssetIndexFilters) {
  return useQuery({
    queryKey: assetKeys.indexPage(filters),
    queryFn: () => fetchAssetIndex(filters),
    placeholderData: keepPreviousData,
  });
}
