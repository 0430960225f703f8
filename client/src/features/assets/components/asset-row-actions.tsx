import { Download, Pencil, Trash2 } from "lucide-react";
import type { AssetIndexItem } from "@shared/api-types";
import { ASSET_KINDS } from "@shared/asset-types";
import { Button } from "@/components/ui/button";

type AssetRowActionsProps = {
  item: AssetIndexItem;
  onEdit: (item: AssetIndexItem) => void;
  onDelete: (item: AssetIndexItem) => void;
};

/** Download (files: a plain link, the session cookie authorises it), Edit (records), Delete (confirmed). */
export function AssetRowActions({ item, onEdit, onDelete }: AssetRowActionsProps) {
  const isFile = item.kind === "digital_files";
  return (
    <div className="flex justify-end gap-1">
      {isFile ? (
        <Button asChild variant="ghost" size="icon" className="size-9" title="Download">
          <a
            href={`${ASSET_KINDS.digital_files.apiPath}/${item.id}/download`}
            download
            aria-label={`Download ${item.title}`}
          >
            <Download aria-hidden="true" />
          </a>
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          title="Edit"
          aria-label={`Edit ${item.title}`}
          onClick={() => onEdit(item)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        className="size-9 text-destructive hover:text-destructive"
        title="Delete"
        aria-label={`Delete ${item.title}`}
        onClick={() => onDelete(item)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
