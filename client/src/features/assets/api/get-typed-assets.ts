import { useQuery } from "@tanstack/react-query";
import type { TypedAssetDto } from "@shared/api-types";
import type { TypedAssetKind } from "@shared/asset-types";
import { assetKeys } from "@/features/assets/api/assets-keys";

/** GET /api/<kind path>: the owner's records of one type (first 500), sensitive fields decrypted. */
export function useTypedAssets(kind: TypedAssetKind, options: { enabled?: boolean } = {}) {
  return useQuery<TypedAssetDto[]>({ queryKey: assetKeys.typedList(kind), enabled: options.enabled });
}
