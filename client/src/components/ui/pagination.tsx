import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

type PaginationProps = {
  /** Names the landmark, e.g. "Asset pages". */
  label: string;
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onOffsetChange: (offset: number) => void;
};

/** "Showing x–y of N" from X-Total-Count, with Previous and Next. */
export function Pagination({ label, offset, shown, total, pageSize, onOffsetChange }: PaginationProps) {
  const from = shown === 0 ? 0 : offset + 1;
  const to = offset + shown;
  return (
    <nav aria-label={label} className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {from}–{to} of {total}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={to >= total} onClick={() => onOffsetChange(offset + pageSize)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
