import { Card } from "@/components/ui/card";

type AssetSummaryProps = {
  isLoading: boolean;
  total: number;
  files: number;
  records: number;
  kindsInUse: number;
};

/** The summary counters above the type cards. */
export function AssetSummary({ isLoading, total, files, records, kindsInUse }: AssetSummaryProps) {
  const counters = [
    { label: "Total Assets", value: total },
    { label: "Digital Files", value: files },
    { label: "Asset Records", value: records },
    { label: "Asset Types in Use", value: `${kindsInUse} of 7` },
  ];
  return (
    <section aria-label="Asset summary" aria-busy={isLoading}>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {counters.map(({ label, value }) => (
          <Card key={label} className="grid gap-1 p-5">
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="text-3xl font-bold tabular-nums">{isLoading ? "–" : value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
