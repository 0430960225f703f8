import type { QueryClient } from "@tanstack/react-query";
import { ASSET_KINDS, type AssetKind } from "@shared/asset-types";
import { queryKeys } from "@/lib/query-keys";

/** True for "/api/assets", "/api/assets?limit=5" or "/api/assets/…" but not "/api/asset-index". */
function isKeyFor(first: unknown, apiPath: string): boolean {
  return (
    typeof first === "string" &&
    (first === apiPath || first.startsWith(`${apiPath}?`) || first.startsWith(`${apiPath}/`))
  );
}

/**
 * After any write of one asset kind (an upload, a record, an online account, a delete): that kind's lists whatever
 * their filters and counts, the unified index, the dashboard counters and the signed-in user (storageUsed changes
 * with uploads and deletes).
 */
export function invalidateAfterAssetWrite(queryClient: QueryClient, kind: AssetKind): Promise<unknown> {
  const apiPath = ASSET_KINDS[kind].apiPath;
  return Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => isKeyFor(query.queryKey[0], apiPath) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.assetIndex() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.user() }),
  ]);
}

/** After an added or edited beneficiary: every beneficiary list and picker, and the dashboard's count. */
export function invalidateAfterBeneficiaryWrite(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats() }),
  ]);
}

/**
 * After a write that may touch any list (a deleted beneficiary un-assigns assets of every kind): every cached read but
 * the session is marked stale; only the ones on screen are fetched again.
 */
export function invalidateAllButUser(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.user()[0] });
}
