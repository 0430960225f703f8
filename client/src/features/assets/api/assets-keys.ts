import { ASSET_KINDS, type AssetKind, type TypedAssetKind } from "@shared/asset-types";
import { USER_QUERY_KEY } from "@/lib/auth";

export type AssetIndexFilters = { q: string; kind: AssetKind | ""; limit: number; offset: number };

/**
 * Every key starts with the API path it reads, so plain lists use the default query function (spec 000 §7:
 * the key segments joined by "/") and one prefix invalidates every variant of a list.
 */
export const assetKeys = {
  count: (kind: AssetKind) => [ASSET_KINDS[kind].apiPath, "count"] as const,
  typedList: (kind: TypedAssetKind) => [ASSET_KINDS[kind].apiPath] as const,
  index: () => ["/api/asset-index"] as const,
  indexPage: (filters: AssetIndexFilters) => ["/api/asset-index", filters] as const,
  dashboardStats: () => ["/api/dashboard/stats"] as const,
  user: () => USER_QUERY_KEY,
};
