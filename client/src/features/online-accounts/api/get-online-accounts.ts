import { useQuery } from "@tanstack/react-query";
import type { TypedAssetDto } from "@shared/api-types";
import { onlineAccountKeys } from "@/features/online-accounts/api/online-accounts-keys";

/** An online account as the API answers (spec 001 §3), sensitive fields decrypted for the owner. */
export type OnlineAccount = TypedAssetDto;

/** GET /api/online-accounts. */
export function useOnlineAccounts() {
  return useQuery<OnlineAccount[]>({ queryKey: onlineAccountKeys.list() });
}
