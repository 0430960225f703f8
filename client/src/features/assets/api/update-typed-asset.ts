import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TypedAssetDto } from "@shared/api-types";
import { ASSET_KINDS, type TypedAssetKind } from "@shared/asset-types";
import { apiRequest } from "@/lib/api-client";
import type { TypedAssetPayload } from "@/features/assets/api/create-typed-asset";
import { invalidateAfterAssetWrite } from "@/features/assets/lib/invalidate-assets";

/** PUT /api/<kind path>/:id (partial bodies allowed by the contract). */
export function useUpdateTypedAsset(kind: TypedAssetKind) {
  const queryClient = useQueryClient();
  return useMutation<TypedAssetDto, Error, { id: number; body: TypedAssetPayload }>({
    mutationFn: async ({ id, body }) => (await apiRequest("PUT", `${ASSET_KINDS[kind].apiPath}/${id}`, body)).json(),
    onSuccess: () => invalidateAfterAssetWrite(queryClient, kind),
  });
}
