import { useState } from "react";
import { Plus, RotateCw, Upload } from "lucide-react";
import type { AssetIndexItem } from "@shared/api-types";
import type { AssetKind } from "@shared/asset-types";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { parseApiError } from "@/lib/api-client";
import { useAssetIndex } from "@/features/assets/api/get-asset-index";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { AllAssetsToolbar } from "@/features/assets/components/all-assets-toolbar";
import { AssetTable } from "@/features/assets/components/asset-table";
import { AssetsEmptyState } from "@/features/assets/components/assets-empty-state";
import { Pagination } from "@/components/ui/pagination";
import { DeleteAssetDialog } from "@/features/assets/components/delete-asset-dialog";
import { TypedAssetDialog } from "@/features/assets/components/typed-asset-dialog";

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

type AllAssetsTabProps = { onUpload: () => void; onAdd: () => void };

/** "All Assets": one searchable, filterable, paginated list of every asset of every kind (GET /api/asset-index). */
export function AllAssetsTab({ onUpload, onAdd }: AllAssetsTabProps) {
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<AssetKind | "">("");
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<AssetIndexItem | null>(null);
  const [deleting, setDeleting] = useState<AssetIndexItem | null>(null);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const index = useAssetIndex({ q, kind, limit: PAGE_SIZE, offset });
  const page = index.data;

  // A delete can empty the last page: step back to the page that now is last (during render, not in an effect, so
  // the empty page is never committed; the guard settles it in one step).
  const lastOffset = page ? Math.max(0, Math.floor((page.total - 1) / PAGE_SIZE) * PAGE_SIZE) : 0;
  if (page && !index.isPlaceholderData && page.items.length === 0 && page.total > 0 && offset !== lastOffset) {
    setOffset(lastOffset);
  }

  let content;
  if (index.isPending) {
    content = (
      <Card className="flex justify-center py-12">
        <Spinner label="Loading assets..." showLabel />
      </Card>
    );
  } else if (index.isError) {
    content = (
      <Card>
        <CardContent className="grid justify-items-start gap-3 pt-6">
          <FormError message={`Your assets could not be loaded. ${parseApiError(index.error).message}`} />
          <Button variant="outline" onClick={() => void index.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  } else if (index.data.total === 0 && !q && !kind) {
    content = (
      <AssetsEmptyState title="No assets yet" text="Upload files or add records of what you own to see them here.">
        <Button onClick={onUpload}>
          <Upload aria-hidden="true" />
          Upload Files
        </Button>
        <Button variant="outline" onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add Asset
        </Button>
      </AssetsEmptyState>
    );
  } else if (index.data.total === 0) {
    content = (
      <AssetsEmptyState title="No matching assets" text="Nothing matches your search and type filter.">
        <Button variant="outline" onClick={() => (setSearch(""), setKind(""), setOffset(0))}>
          Clear filters
        </Button>
      </AssetsEmptyState>
    );
  } else {
    content = (
      <>
        <AssetTable
          items={index.data.items}
          isRefreshing={index.isPlaceholderData}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
        <Pagination
          label="Asset pages"
          offset={offset}
          shown={index.data.items.length}
          total={index.data.total}
          pageSize={PAGE_SIZE}
          onOffsetChange={setOffset}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="all-assets-heading" className="grid gap-4">
      <h2 id="all-assets-heading" className="sr-only">
        All assets
      </h2>
      <AllAssetsToolbar
        search={search}
        onSearchChange={(value) => (setSearch(value), setOffset(0))}
        kind={kind}
        onKindChange={(value) => (setKind(value), setOffset(0))}
      />
      {content}
      {editing && editing.kind !== "digital_files" ? (
        <TypedAssetDialog kind={editing.kind} assetId={editing.id} open onOpenChange={() => setEditing(null)} />
      ) : null}
      <DeleteAssetDialog item={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
