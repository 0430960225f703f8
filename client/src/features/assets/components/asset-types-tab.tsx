import { TYPED_ASSET_KINDS, type AssetKind } from "@shared/asset-types";
import { FormError } from "@/components/ui/form-field";
import { useAssetCounts } from "@/features/assets/api/get-asset-counts";
import { KIND_DISPLAY } from "@/features/assets/lib/kind-display";
import { AssetTypeCard } from "@/features/assets/components/asset-type-card";
import { AssetSummary } from "@/features/assets/components/asset-summary";

/** "Asset Types": summary counters and the seven type cards (spec 000 §2). */
export function AssetTypesTab({ onAdd }: { onAdd: (kind: AssetKind) => void }) {
  const { counts, isPending, isError } = useAssetCounts();
  const files = counts.digital_files ?? 0;
  const records = TYPED_ASSET_KINDS.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0);

  return (
    <div className="grid gap-6">
      <AssetSummary
        isLoading={isPending}
        total={files + records}
        files={files}
        records={records}
        kindsInUse={KIND_DISPLAY.filter(({ kind }) => (counts[kind] ?? 0) > 0).length}
      />
      {isError ? <FormError message="Some counts could not be loaded. Reload the page to try again." /> : null}
      <section aria-labelledby="asset-types-heading" className="grid gap-4">
        <h2 id="asset-types-heading" className="sr-only">
          Asset types
        </h2>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {KIND_DISPLAY.map(({ kind, icon, blurb }) => (
            <AssetTypeCard
              key={kind}
              kind={kind}
              icon={icon}
              blurb={blurb}
              count={counts[kind]}
              onAdd={() => onAdd(kind)}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
