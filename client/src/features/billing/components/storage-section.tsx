import type { UseQueryResult } from "@tanstack/react-query";
import type { UsageDto } from "@shared/validators/billing";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { PurchaseStorageForm } from "@/features/billing/components/purchase-storage-form";
import { StorageRates } from "@/features/billing/components/storage-rates";
import { StorageUsageCard } from "@/features/billing/components/storage-usage-card";
import { parseApiError } from "@/lib/api-client";

type StorageSectionProps = {
  /** Undefined for visitors: no usage card. */
  usage: UseQueryResult<UsageDto> | undefined;
  isPurchasing: boolean;
  onPurchase: (storageGB: number) => void;
};

function UsageState({ usage }: { usage: UseQueryResult<UsageDto> }) {
  if (usage.isPending) return <Spinner label="Loading your storage usage..." showLabel />;
  if (usage.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load your storage usage: {parseApiError(usage.error).message || "please try again."}
      </p>
    );
  }
  return <StorageUsageCard usage={usage.data} />;
}

/** Current usage (signed in), the extra-storage rates and the purchase form. */
export function StorageSection({ usage, isPurchasing, onPurchase }: StorageSectionProps) {
  return (
    <section aria-labelledby="storage-heading" className="grid gap-6">
      <div>
        <h2 id="storage-heading" className="text-2xl font-bold tracking-tight">
          Additional storage
        </h2>
        <p className="mt-1 text-muted-foreground">
          Add storage to any plan, billed monthly. The whole amount is priced at the rate its size reaches.
        </p>
      </div>
      <div className={usage ? "grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" : "grid gap-6"}>
        {usage ? <UsageState usage={usage} /> : null}
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h3>Buy more storage</h3>
            </CardTitle>
            <CardDescription>Choose between 1 and 1000 GB.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <StorageRates />
            <PurchaseStorageForm isSignedIn={usage !== undefined} isPending={isPurchasing} onPurchase={onPurchase} />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
