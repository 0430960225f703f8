import type { TypedAssetKind } from "@shared/asset-types";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { withServerReason } from "@/lib/describe-failure";
import { useSaveTypedAsset, useTypedAssets, type TypedAssetPayload } from "@/lib/typed-assets";
import { ASSET_FORMS } from "@/features/assets/lib/asset-form-config";
import { TypedAssetForm } from "@/features/assets/components/typed-asset-form";

type TypedAssetDialogProps = {
  kind: TypedAssetKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this record (looked up in the kind's list); absent for an add. */
  assetId?: number;
};

/** Spec 000 §8 success notices. */
const CREATED = { title: "Asset Created", description: "Your asset has been successfully added." };
const UPDATED = { title: "Asset Updated", description: "Your changes have been saved." };

/** The add/edit dialog of one typed kind; the form lives inside the content, so closing resets it. */
export function TypedAssetDialog({ kind, open, onOpenChange, assetId }: TypedAssetDialogProps) {
  const isEditing = assetId !== undefined;
  const list = useTypedAssets(kind, { enabled: open && isEditing });
  const asset = isEditing ? list.data?.find((row) => row.id === assetId) : undefined;
  const saveAsset = useSaveTypedAsset(kind);
  const noun = ASSET_FORMS[kind].noun;

  async function save(payload: TypedAssetPayload) {
    try {
      await saveAsset.mutateAsync({ id: asset?.id, body: payload });
      toast({ ...(asset ? UPDATED : CREATED), variant: "success" });
      onOpenChange(false);
    } catch (error) {
      const fallback = asset
        ? "Failed to update asset. Please try again."
        : "Failed to create asset. Please try again.";
      toast({ title: "Error", description: withServerReason(fallback, error), variant: "destructive" });
      throw error;
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saveAsset.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEditing ? `Edit ${noun}` : `Add ${noun}`}</DialogTitle>
          <DialogDescription>
            Fields marked * are required. Sensitive details are encrypted and shown only to you.
          </DialogDescription>
        </DialogHeader>
        {isEditing && !asset ? (
          list.isPending ? (
            <Spinner label="Loading asset..." showLabel />
          ) : (
            <FormError message={list.isError ? "This asset could not be loaded." : "This asset no longer exists."} />
          )
        ) : (
          <TypedAssetForm
            key={asset?.id ?? "new"}
            kind={kind}
            asset={asset}
            onSubmit={save}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
