import { STORAGE_RATES } from "@shared/plans";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/format";

const ASCENDING = [...STORAGE_RATES].sort((a, b) => a.minGB - b.minGB);

/** Spec 000 §9: the per-GB monthly rates; the whole quantity is priced at the tier it reaches. */
export function StorageRates() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label="Additional storage rates">
      {ASCENDING.map((tier) => (
        <li key={tier.minGB}>
          <Card className="flex h-full flex-col gap-2 p-5">
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold">{tier.label}</h3>
              {tier.savesPercent > 0 ? <Badge variant="success">Save {tier.savesPercent}%</Badge> : null}
            </div>
            <p>
              <span className="text-2xl font-bold">{formatMoney(tier.ratePerGB)}</span>
              <span className="text-sm text-muted-foreground"> per GB / month</span>
            </p>
            <p className="text-sm text-muted-foreground">
              {formatMoney(tier.rateGHSMinor / 100, { currency: "GHS" })} per GB in Ghana
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
