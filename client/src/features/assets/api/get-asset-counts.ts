import { useQueries } from "@tanstack/react-query";
import { ASSET_KINDS, type AssetKind } from "@shared/asset-types";
import { apiRequest } from "@/lib/api-client";
import { assetKeys } from "@/features/assets/api/assets-keys";
import { KIND_DISPLAY } from "@/features/assets/lib/kind-display";

/** Reads X-Total-Count from a one-row page of a kind's list, so counting never downloads the whole list. */
async function fetchCount(kind: AssetKind): Promise<number> {
  const res = await apiRequest("GET", `${ASSET_KINDS[kind].apiPath}?limit=1`);
  const header = Number(res.headers.get("X-Total-Count"));
  if (res.headers.has("X-Total-Count") && Number.isFinite(header)) return header;
  const rows: unknown = await res.json();
  return Array.isArray(rows) ? rows.length : 0;
}

export type AssetCounts = {
  counts: Partial<Record<AssetKind, number>>;
  isPending: boolean;
  isError: boolean;
};

/** The seven counts of the type cards (spec 000 §7: the lists are "counted on the Assets screen"). */
export function useAssetCounts(): AssetCounts {
  return useQueries({
    queries: KIND_DISPLAY.map(({ kind }) => ({ queryKey: assetKeys.count(kind), queryFn: () => fetchCount(kind) })),
    combine: (results) => {
      const counts: Partial<Record<AssetKind, number>> = {};
      results.forEach((result, i) => {
        if (result.data !== undefined) counts[KIND_DISPLAY[i].kind] = result.data;
      });
      return { counts, isPending: results.some((r) => r.isPending), isError: results.some((r) => r.isError) };
    },
  });
}
