import { useState } from "react";
import type { AssetBundleDto } from "@shared/trigger-types";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { useBundles, useDeleteBundle } from "@/features/asset-bundles/api/bundle-api";
import { BundleFormDialog } from "@/features/asset-bundles/components/bundle-form-dialog";
import { describeFailure } from "@/lib/describe-failure";

/** The assets screen's Bundles tab: create, rename, refill and delete named groups of assets. */
export function BundlesTab() {
  const { data, isLoading, isError, error } = useBundles();
  const [editing, setEditing] = useState<AssetBundleDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<AssetBundleDto | null>(null);
  const remove = useDeleteBundle();
  const bundles = data ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Bundle Deleted", description: deleting.name, variant: "success" });
    } catch (err) {
      toast({ title: "Failed to delete bundle", description: describeFailure(err), variant: "destructive" });
    }
    setDeleting(null);
  };

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing("new")}>New Bundle</Button>
      </div>
      {isLoading ? <p className="text-sm text-muted-foreground">Loading bundles...</p> : null}
      {isError ? <p role="alert">Failed to load bundles: {describeFailure(error)}</p> : null}
      {!isLoading && !isError && bundles.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">No bundles yet</p>
      ) : null}
      {bundles.map((b) => (
        <Card key={b.id}>
          <CardContent className="flex flex-wrap items-center justify-between gap-2 pt-6">
            <div>
              <p className="font-semibold">{b.name}</p>
              <p className="text-sm text-muted-foreground">
                {b.items.length} {b.items.length === 1 ? "asset" : "assets"}
                {b.description ? ` · ${b.description}` : ""}
              </p>
            </div>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(b)} aria-label={`Edit ${b.name}`}>
                Edit
              </Button>
              <Button variant="destructive" size="sm" onClick={() => setDeleting(b)} aria-label={`Delete ${b.name}`}>
                Delete
              </Button>
            </div>
          </CardContent>
        </Card>
      ))}
      {editing ? (
        <BundleFormDialog
          open
          bundle={editing === "new" ? undefined : editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this bundle?"
        description="The assets stay; only the group goes. A trigger naming it releases what is assigned to its beneficiary instead."
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
