import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AssetIndexItem } from "@shared/api-types";
import type { AssetBundleDto } from "@shared/trigger-types";
import type { CreateBundleInput, UpdateBundleInput } from "@shared/validators/triggers";
import { apiRequest } from "@/lib/api-client";

export const bundleKeys = {
  all: () => ["/api/asset-bundles"] as const,
  assetChoices: () => ["/api/asset-index", "bundle-choices"] as const,
};

/** GET /api/asset-bundles, the owner's named groups only (purchase records are listed elsewhere). */
export function useBundles() {
  return useQuery({
    queryKey: bundleKeys.all(),
    queryFn: async () => (await (await apiRequest("GET", "/api/asset-bundles")).json()) as AssetBundleDto[],
    select: (rows) => rows.filter((b) => b.category === "group"),
  });
}

/** The assets a bundle can hold: every kind, the first 200. */
export function useBundleChoices(enabled: boolean) {
  return useQuery({
    queryKey: bundleKeys.assetChoices(),
    queryFn: async () => (await (await apiRequest("GET", "/api/asset-index?limit=200")).json()) as AssetIndexItem[],
    enabled,
  });
}

export function useSaveBundle() {
  const queryClient = useQueryClient();
  return useMutation<AssetBundleDto, Error, { id?: number; data: CreateBundleInput | UpdateBundleInput }>({
    mutationFn: async ({ id, data }) =>
      (await apiRequest(id ? "PATCH" : "POST", id ? `/api/asset-bundles/${id}` : "/api/asset-bundles", data)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all() }),
  });
}

export function useDeleteBundle() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest("DELETE", `/api/asset-bundles/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all() }),
  });
}
