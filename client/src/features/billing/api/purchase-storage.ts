import type { PurchaseStorageInput } from "@shared/validators/billing";
import { useBillingChange } from "@/features/billing/api/billing-change";

/** POST /api/purchase-storage with a whole number of GB (1–1000). */
export function usePurchaseStorage() {
  return useBillingChange<PurchaseStorageInput>("/api/purchase-storage");
}
