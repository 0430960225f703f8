import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ASSET_KINDS, type AssetKind } from "@shared/asset-types";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterAssetWrite } from "@/features/assets/lib/invalidate-assets";

/** DELETE /api/assets/:id for files (row, blob and storage given back) or /api/<kind path>/:id for records. */
export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, { kind: AssetKind; id: number }>({
    mutationFn: async ({ kind, id }) => {
      await apiRequest("DELETE", `${ASSET_KINDS[kind].apiPath}/${id}`);
    },
    onSuccess: (_data, { kind }) => invalidateAfterAssetWrite(queryClient, kind),
  });
}
