import type { QueryClient } from "@tanstack/react-query";
import { ASSET_KINDS, type AssetKind } from "@shared/asset-types";
import { assetKeys } from "@/features/assets/api/assets-keys";

/** True for "/api/assets", "/api/assets?limit=5" or "/api/assets/…" but not "/api/asset-index". */
function isKeyFor(first: unknown, apiPath: string): boolean {
  return (
    typeof first === "string" &&
    (first === apiPath || first.startsWith(`${apiPath}?`) || first.startsWith(`${apiPath}/`))
  );
}

/**
 * After any write of one kind: that kind's lists (whatever their filters), the unified index, the dashboard
 * counters and the signed-in user (storageUsed changes with uploads and deletes).
 */
export function invalidateAfterAssetWrite(queryClient: QueryClient, kind: AssetKind): Promise<unknown> {
  const apiPath = ASSET_KINDS[kind].apiPath;
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => isKeyFor(query.queryKey[0], apiPath) }),
    queryClient.invalidateQueries({ queryKey: assetKeys.index() }),
    queryClient.invalidateQueries({ queryKey: assetKeys.dashboardStats() }),
    queryClient.invalidateQueries({ queryKey: assetKeys.user() }),
  ]);
}
