/**
 * The reads and writes of the typed asset records (spec 000 §3, spec 001 §3), one set for all six kinds: the Assets
 * screen and the Online Accounts screen both use them. Every write refreshes what it changes (lib/invalidate.ts).
 */

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TypedAssetDto } from "@shared/api-types";
import { ASSET_KINDS, type AssetKind, type TypedAssetKind } from "@shared/asset-types";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterAssetWrite } from "@/lib/invalidate";

/** One kind's own list (files, or the records of one type); its counts and filtered pages start with it. */
export const assetListKey = (kind: AssetKind) => [ASSET_KINDS[kind].apiPath] as const;

/** The body a typed form produces: the kind's create schema output, empty fields already dropped. */
export type TypedAssetPayload = Record<string, unknown>;

/** GET /api/<kind path>: the owner's records of one type (first 500), sensitive fields decrypted. */
export function useTypedAssets(kind: TypedAssetKind, options: { enabled?: boolean } = {}) {
  return useQuery<TypedAssetDto[]>({ queryKey: assetListKey(kind), enabled: options.enabled });
}

export type SaveTypedAssetVariables = {
  /** The record to edit; absent for an add. */
  id?: number;
  body: TypedAssetPayload;
};

/**
 * Add (POST /api/<kind path>; 402 when the plan's limit is reached) or edit (PUT /api/<kind path>/:id, a partial body
 * where null clears a field) one record: the add and edit dialogs share one form, and so one write.
 */
export function useSaveTypedAsset(kind: TypedAssetKind) {
  const queryClient = useQueryClient();
  const apiPath = ASSET_KINDS[kind].apiPath;
  return useMutation<TypedAssetDto, Error, SaveTypedAssetVariables>({
    mutationFn: async ({ id, body }) =>
      (
        await (id === undefined ? apiRequest("POST", apiPath, body) : apiRequest("PUT", `${apiPath}/${id}`, body))
      ).json(),
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
