import { useMemo } from "react";
import { countChanges, lineDiff, type DiffLine } from "@/features/wills/lib/line-diff";
import { cn } from "@/lib/utils";

const LINE_STYLE: Record<DiffLine["kind"], { sign: string; label: string; className: string }> = {
  added: { sign: "+", label: "Added: ", className: "bg-success/10 text-success" },
  removed: { sign: "-", label: "Removed: ", className: "bg-destructive/10 text-destructive" },
  same: { sign: " ", label: "", className: "text-muted-foreground" },
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Line-by-line changes from an archived version to the current will; signs and words, not colour alone. */
export function WillDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const diff = useMemo(() => lineDiff(before, after), [before, after]);
  const { added, removed } = countChanges(diff);

  return (
    <div className="grid gap-3">
      <p className="text-sm">
        {added === 0 && removed === 0
          ? "No differences: this version has the same text as the current will."
          : `${plural(added, "line")} added, ${plural(removed, "line")} removed in the current will.`}
      </p>
      <ol
        aria-label={label}
        className="max-h-[50vh] overflow-auto rounded-md border border-border bg-background py-2 font-mono text-xs leading-relaxed"
      >
        {diff.map((line, index) => {
          const style = LINE_STYLE[line.kind];
          const Text = line.kind === "added" ? "ins" : line.kind === "removed" ? "del" : "span";
          return (
            <li key={index} className={cn("flex gap-2 px-3 whitespace-pre-wrap break-words", style.className)}>
              <span aria-hidden="true" className="w-3 shrink-0 select-none font-bold">
                {style.sign}
              </span>
              <Text className="min-w-0 flex-1 no-underline">
                {style.label ? <span className="sr-only">{style.label}</span> : null}
                {line.text || "\u00a0"}
              </Text>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
