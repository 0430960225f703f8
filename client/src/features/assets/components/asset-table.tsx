import type { AssetIndexItem } from "@shared/api-types";
import { ASSET_KINDS, humanize } from "@shared/asset-types";
import { formatBytes } from "@shared/format";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";
import { kindIcon } from "@/features/assets/lib/kind-display";
import { AssetRowActions } from "@/features/assets/components/asset-row-actions";

type AssetTableProps = {
  items: readonly AssetIndexItem[];
  isRefreshing: boolean;
  onEdit: (item: AssetIndexItem) => void;
  onDelete: (item: AssetIndexItem) => void;
};

const TH = "px-4 py-3 font-medium";
/** Type, date and size give way on narrow screens; the kind then shows under the title. */
const WIDE = "hidden md:table-cell";

/** Every asset of every kind, one row each, newest first. */
export function AssetTable({ items, isRefreshing, onEdit, onDelete }: AssetTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card shadow-sm" aria-busy={isRefreshing}>
      <table className="w-full text-sm">
        <caption className="sr-only">All assets, newest first</caption>
        <thead className="bg-muted text-left text-muted-foreground">
          <tr>
            <th scope="col" className={TH}>
              Asset
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Type
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Added
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Size
            </th>
            <th scope="col" className={TH}>
              Status
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const Icon = kindIcon(item.kind);
            const isAssigned = item.assignedToBeneficiary !== null;
            return (
              <tr key={`${item.kind}-${item.id}`} className="border-t border-border">
                <td className="max-w-[18rem] px-4 py-3">
                  <div className="flex items-center gap-3">
                    <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                    <div className="min-w-0">
                      <p className="truncate font-medium" title={item.title}>
                        {item.title}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        <span className="md:hidden">{ASSET_KINDS[item.kind].label} · </span>
                        {humanize(item.category)}
                      </p>
                    </div>
                  </div>
                </td>
                <td className={`px-4 py-3 whitespace-nowrap ${WIDE}`}>{ASSET_KINDS[item.kind].label}</td>
                <td className={`px-4 py-3 whitespace-nowrap ${WIDE}`}>
                  <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                </td>
                <td className={`px-4 py-3 whitespace-nowrap ${WIDE}`}>
                  {item.fileSize === null ? "—" : formatBytes(item.fileSize)}
                </td>
                <td className="px-4 py-3">
                  <Badge variant={isAssigned ? "success" : "secondary"}>{isAssigned ? "Assigned" : "Pending"}</Badge>
                </td>
                <td className="px-4 py-2">
                  <AssetRowActions item={item} onEdit={onEdit} onDelete={onDelete} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
