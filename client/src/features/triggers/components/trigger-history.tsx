import { useTriggerDetail } from "@/features/triggers/api/get-triggers";
import { describeEvent } from "@/features/triggers/lib/describe-trigger";
import { formatInstantGmt } from "@/lib/format";

/** A trigger's history, oldest first, read when the owner opens it. */
export function TriggerHistory({ id }: { id: number }) {
  const { data, isLoading, isError } = useTriggerDetail(id, true);
  if (isLoading) return <p className="text-sm text-muted-foreground">Loading history...</p>;
  if (isError || !data) return <p className="text-sm text-destructive">Failed to load the history.</p>;
  return (
    <ol className="grid gap-1 text-sm" aria-label="History">
      {(data.events ?? []).map((e, i) => (
        <li key={i}>
          <span className="font-medium">{describeEvent(e.kind)}</span>{" "}
          <span className="text-muted-foreground">{formatInstantGmt(e.at)}</span>
        </li>
      ))}
    </ol>
  );
}
