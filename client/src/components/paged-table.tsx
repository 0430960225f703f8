import type { ReactNode } from "react";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { describeFailure } from "@/lib/describe-failure";

type PagedTableProps<T> = {
  /** A page read (`fetchListPage`): its items and the X-Total-Count. */
  page: { isPending: boolean; isError: boolean; error: unknown; data?: { items: T[]; total: number } };
  /** What failed to load, in "Could not load …": "the audit log", "users". */
  what: string;
  emptyText: string;
  headings: readonly string[];
  /** One `<tr>` per item, with its key. */
  renderRow: (item: T) => ReactNode;
  /** Names the pagination landmark, e.g. "User pages". */
  pagesLabel: string;
  offset: number;
  pageSize: number;
  onOffsetChange: (offset: number) => void;
};

/** A server-paged list as a table, in its four states: loading, error, empty and rows, with Previous and Next. */
export function PagedTable<T>({
  page,
  what,
  emptyText,
  headings,
  renderRow,
  pagesLabel,
  offset,
  pageSize,
  onOffsetChange,
}: PagedTableProps<T>) {
  return (
    <>
      {page.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {page.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load {what}: {describeFailure(page.error)}
        </p>
      ) : null}
      {page.data && page.data.items.length === 0 ? <p className="text-sm text-muted-foreground">{emptyText}</p> : null}
      {page.data && page.data.items.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b text-muted-foreground">
                {headings.map((h) => (
                  <th key={h} scope="col" className="py-2 pr-3 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{page.data.items.map(renderRow)}</tbody>
          </table>
        </div>
      ) : null}
      {page.data ? (
        <Pagination
          label={pagesLabel}
          offset={offset}
          shown={page.data.items.length}
          total={page.data.total}
          pageSize={pageSize}
          onOffsetChange={onOffsetChange}
        />
      ) : null}
    </>
  );
}
