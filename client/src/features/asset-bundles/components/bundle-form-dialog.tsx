import type { AssetBundleDto } from "@shared/trigger-types";
import type { CreateBundleInput } from "@shared/validators/triggers";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { useBundleChoices, useSaveBundle } from "@/features/asset-bundles/api/bundle-api";
import { BundleForm } from "@/features/asset-bundles/components/bundle-form";
import { describeFailure } from "@/lib/describe-failure";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; bundle?: AssetBundleDto };

/** Create or edit a bundle: a named group of assets a trigger can release together. */
export function BundleFormDialog({ open, onOpenChange, bundle }: Props) {
  const save = useSaveBundle();
  const choices = useBundleChoices(open);
  const submit = async (values: CreateBundleInput) => {
    try {
      await save.mutateAsync({ id: bundle?.id, data: values });
      toast({ title: bundle ? "Bundle Updated" : "Bundle Created", description: values.name, variant: "success" });
      onOpenChange(false);
    } catch (error) {
      toast({ title: "Failed to save bundle", description: describeFailure(error), variant: "destructive" });
      throw error;
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{bundle ? "Edit Bundle" : "New Bundle"}</DialogTitle>
          <DialogDescription>Group assets of any kind; a trigger can release the whole bundle.</DialogDescription>
        </DialogHeader>
        {open && choices.data ? (
          <BundleForm bundle={bundle} assets={choices.data} onSubmit={submit} onCancel={() => onOpenChange(false)} />
        ) : (
          <p className="text-sm text-muted-foreground">Loading your assets...</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
