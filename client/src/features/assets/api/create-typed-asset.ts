import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TypedAssetDto } from "@shared/api-types";
import { ASSET_KINDS, type TypedAssetKind } from "@shared/asset-types";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterAssetWrite } from "@/features/assets/lib/invalidate-assets";

/** The body a typed form produces: the kind's create schema output, empty fields already dropped. */
export type TypedAssetPayload = Record<string, unknown>;

/** POST /api/<kind path>. */
export function useCreateTypedAsset(kind: TypedAssetKind) {
  const queryClient = useQueryClient();
  return useMutation<TypedAssetDto, Error, TypedAssetPayload>({
    mutationFn: async (body) => (await apiRequest("POST", ASSET_KINDS[kind].apiPath, body)).json(),
    onSuccess: () => invalidateAfterAssetWrite(queryClient, kind),
  });
}
