import { createElement, type ReactNode } from "react";
import { FileText, FileVideo, Image, type LucideIcon } from "lucide-react";
import type { FileAssetDto } from "@shared/api-types";
import { formatBytes } from "@shared/format";
import { Badge } from "@/components/ui/badge";
import { LinkedCard } from "@/components/linked-card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useRecentAssets } from "@/features/dashboard/api/get-recent-assets";
import { QueryError } from "@/components/query-error";
import { formatDate } from "@/lib/format";

function iconFor(mimeType: string): LucideIcon {
  if (mimeType.startsWith("image/")) return Image;
  if (mimeType.startsWith("video/")) return FileVideo;
  return FileText;
}

function AssetRow({ asset }: { asset: FileAssetDto }) {
  const isAssigned = asset.assignedToBeneficiary !== null;
  return (
    <li className="flex h-15 items-center gap-3">
      <span className="rounded-md bg-muted p-2 text-primary">
        {createElement(iconFor(asset.mimeType), { className: "size-5", "aria-hidden": true })}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{asset.originalFileName}</p>
        <p className="text-xs text-muted-foreground">
          Added {formatDate(asset.createdAt)} · {formatBytes(asset.fileSize)}
        </p>
      </div>
      <Badge variant={isAssigned ? "default" : "secondary"}>{isAssigned ? "Assigned" : "Pending"}</Badge>
    </li>
  );
}

/** Spec 000 §2 shows at most this many; five 60 px rows (h-15) and their borders make the body's min-h-76. */
const RECENT_COUNT = 5;

/** Placeholder rows in the loaded rows' boxes. */
function SkeletonRows() {
  return (
    <ul className="divide-y divide-border" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex h-15 items-center gap-3">
          <Skeleton className="size-9 rounded-md" />
          <span className="grid flex-1 gap-1.5">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec 000 §2: the 5 newest uploads with Assigned or Pending, and View all. The body is as tall as five rows in
 * every state (loading, empty, fewer rows), so what is under the card never moves when the list arrives.
 */
export function RecentAssets() {
  const { data: assets, isPending, error, refetch } = useRecentAssets();

  let body: ReactNode;
  if (isPending) {
    body = (
      <>
        <span className="sr-only">Loading recent assets...</span>
        <SkeletonRows />
      </>
    );
  } else if (error) body = <QueryError what="your recent assets" error={error} onRetry={() => void refetch()} />;
  else if (assets.length === 0) {
    body = (
      <p className="flex flex-1 items-center justify-center px-4 text-center text-sm text-muted-foreground">
        No assets yet. Upload documents, photos or videos to start your inventory.
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-border">
        {assets.slice(0, RECENT_COUNT).map((asset) => (
          <AssetRow key={asset.id} asset={asset} />
        ))}
      </ul>
    );
  }

  return (
    <LinkedCard
      id="recent-assets-title"
      title="Recent Assets"
      href={paths.assets.getHref()}
      linkLabel="View all"
      busy={isPending}
      bodyClassName="min-h-76"
    >
      {body}
    </LinkedCard>
  );
}
