import type { AssetIndexItem } from "@shared/api-types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { withServerReason } from "@/lib/describe-failure";
import { useDeleteAsset } from "@/lib/typed-assets";

type DeleteAssetDialogProps = { item: AssetIndexItem | null; onClose: () => void };

/** The confirmation every asset delete goes through; files give their storage back. */
export function DeleteAssetDialog({ item, onClose }: DeleteAssetDialogProps) {
  const deleteAsset = useDeleteAsset();

  function confirm() {
    if (!item) return;
    deleteAsset.mutate(
      { kind: item.kind, id: item.id },
      {
        onSuccess: () => {
          toast({ title: "Asset Deleted", description: `"${item.title}" has been deleted.`, variant: "success" });
          onClose();
        },
        onError: (error) => {
          const description = withServerReason("Failed to delete asset. Please try again.", error);
          toast({ title: "Error", description, variant: "destructive" });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete asset?"
      description={
        <>
          Are you sure you want to delete <strong className="text-foreground">{item?.title}</strong>?
          {item?.kind === "digital_files" ? " The file is removed and its storage is freed." : ""} This action cannot be
          undone.
        </>
      }
      confirmLabel="Delete"
      isPending={deleteAsset.isPending}
      onConfirm={confirm}
    />
  );
}
