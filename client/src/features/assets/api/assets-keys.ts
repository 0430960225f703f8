import type { AssetKind } from "@shared/asset-types";
import { queryKeys } from "@/lib/query-keys";
import { assetListKey } from "@/lib/typed-assets";

export type AssetIndexFilters = { q: string; kind: AssetKind | ""; limit: number; offset: number };

/**
 * The Assets screen's keys, built on the shared ones (lib/query-keys.ts): each starts with the API path it reads, so
 * one prefix invalidates every variant of a list (lib/invalidate.ts).
 */
export const assetKeys = {
  count: (kind: AssetKind) => [...assetListKey(kind), "count"] as const,
  indexPage: (filters: AssetIndexFilters) => [...queryKeys.assetIndex(), filters] as const,
};
