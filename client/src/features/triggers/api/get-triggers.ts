import { useQuery } from "@tanstack/react-query";
import type { BeneficiaryDto, AssetIndexItem } from "@shared/api-types";
import type { AssetBundleDto, TriggerDto } from "@shared/trigger-types";
import { apiRequest } from "@/lib/api-client";
import { triggerKeys } from "@/features/triggers/api/trigger-keys";

/** GET /api/triggers: the owner's triggers, newest first. */
export function useTriggers() {
  return useQuery<TriggerDto[]>({ queryKey: triggerKeys.all() });
}

/** GET /api/triggers/:id: one trigger with its history. */
export function useTriggerDetail(id: number, enabled: boolean) {
  return useQuery<TriggerDto>({ queryKey: triggerKeys.detail(id), enabled });
}

async function getJson<T>(url: string): Promise<T> {
  return (await apiRequest("GET", url)).json() as Promise<T>;
}

/** The create dialog's choices: beneficiaries, uploaded files and bundles (the first 200 of each). */
export function useTriggerOptions(enabled: boolean) {
  const beneficiaries = useQuery({
    queryKey: triggerKeys.beneficiaryOptions(),
    queryFn: () => getJson<BeneficiaryDto[]>("/api/beneficiaries?limit=200"),
    enabled,
  });
  const files = useQuery({
    queryKey: triggerKeys.fileOptions(),
    queryFn: () => getJson<AssetIndexItem[]>("/api/asset-index?kind=digital_files&limit=200"),
    enabled,
  });
  const bundles = useQuery({
    queryKey: triggerKeys.bundles(),
    queryFn: () => getJson<AssetBundleDto[]>("/api/asset-bundles"),
    enabled,
  });
  return {
    beneficiaries: beneficiaries.data ?? [],
    files: files.data ?? [],
    bundles: (bundles.data ?? []).filter((b) => b.category === "group"),
  };
}
