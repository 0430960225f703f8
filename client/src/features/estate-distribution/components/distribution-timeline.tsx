import type { DistributionPreviewDto } from "@shared/api-types";
import { Badge } from "@/components/ui/badge";
import { kindLabel, TIMING_LABELS, whenLabel } from "@/features/estate-distribution/lib/distribution-labels";

const countOf = (n: number) => `${n} ${n === 1 ? "asset" : "assets"}`;

/** The owner's timeline: each step with when it comes after the death is verified, and the assets it releases. */
export function DistributionTimeline({ preview }: { preview: DistributionPreviewDto }) {
  if (preview.stages.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing would be distributed with these settings.</p>;
  }
  return (
    <div className="grid gap-4">
      <ol className="grid gap-3" aria-label="Distribution timeline">
        {preview.stages.map((stage) => (
          <li key={stage.timing} className="grid gap-1 rounded-md border p-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{whenLabel(stage.timing, stage.afterDays)}</span>
              <Badge variant="secondary">{TIMING_LABELS[stage.timing]}</Badge>
            </div>
            <ul className="text-muted-foreground">
              {stage.kinds.map((k) => (
                <li key={k.kind}>
                  {kindLabel(k.kind)}: {countOf(k.count)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {preview.excluded.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Not distributed: {preview.excluded.map((k) => `${kindLabel(k.kind)} (${countOf(k.count)})`).join(", ")}.
        </p>
      ) : null}
    </div>
  );
}
