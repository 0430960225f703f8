import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TypedAssetDto } from "@shared/api-types";
import { ASSET_KINDS, type AssetKind, type TypedAssetKind } from "@shared/asset-types";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterAssetWrite } from "@/lib/invalidate";

/**
 * The reads and writes of the typed asset records (spec 000 §3, spec 001 §3), one set for all six kinds: the Assets
 * screen and the Online Accounts screen both use them. Every write refreshes what it changes (lib/invalidate.ts).
 */

/** One kind's own list (files, or the records of one type); its counts and filtered pages start with it. */
export const assetListKey = (kind: AssetKind) => [ASSET_KINDS[kind].apiPath] as const;

/** The body a typed form produces: the kind's create schema output, empty fields already dropped. */
export type TypedAssetPayload = Record<string, unknown>;

/** GET /api/<kind path>: the owner's records of one type (first 500), sensitive fields decrypted. */
export function useTypedAssets(kind: TypedAssetKind, options: { enabled?: boolean } = {}) {
  return useQuery<TypedAssetDto[]>({ queryKey: assetListKey(kind), enabled: options.enabled });
}

/** POST /api/<kind path>; 402 when the plan's limit is reached. */
export function useCreateTypedAsset(kind: TypedAssetKind) {
  const queryClient = useQueryClient();
  return useMutation<TypedAssetDto, Error, TypedAssetPayload>({
    mutationFn: async (body) => (await apiRequest("POST", ASSET_KINDS[kind].apiPath, body)).json(),
    onSuccess: () => invalidateAfterAssetWrite(queryClient, kind),
  });
}

/** PUT /api/<kind path>/:id (partial bodies allowed by the contract; null clears a field). */
export function useUpdateTypedAsset(kind: TypedAssetKind) {
  const queryClient = useQueryClient();
  return useMutation<TypedAssetDto, Error, { id: number; body: TypedAssetPayload }>({
    mutationFn: async ({ id, body }) => (await apiRequest("PUT", `${ASSET_KINDS[kind].apiPath}/${id}`, body)).json(),
    onSuccess: () => invalidateAfterAssetWrite(queryClient, kind),
  });
}

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
