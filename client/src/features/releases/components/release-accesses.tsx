import type { ReleaseAccessDto } from "@shared/release-api";
import { formatDateTime } from "@/lib/format";

function describe(a: ReleaseAccessDto): string {
  if (a.action === "open") return "Opened the release page";
  return `Downloaded ${a.itemName ?? "a file that has since been deleted"}`;
}

/** Who opened what and when, oldest first. */
export function ReleaseAccesses({ accesses }: { accesses: ReleaseAccessDto[] }) {
  if (accesses.length === 0) return <p className="text-sm text-muted-foreground">Not opened yet.</p>;
  return (
    <ol className="grid gap-1 text-sm" aria-label="Activity">
      {accesses.map((a, i) => (
        <li key={i} className="flex flex-wrap gap-x-3">
          <time dateTime={a.at} className="text-muted-foreground tabular-nums">
            {formatDateTime(a.at)}
          </time>
          <span>{describe(a)}</span>
        </li>
      ))}
    </ol>
  );
}
