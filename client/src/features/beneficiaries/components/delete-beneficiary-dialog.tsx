import type { BeneficiaryDto } from "@shared/api-types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { useDeleteBeneficiary } from "@/features/beneficiaries/api/delete-beneficiary";
import { describeFailure } from "@/lib/describe-failure";
import { fullName } from "@/features/beneficiaries/lib/filter-beneficiaries";

type DeleteBeneficiaryDialogProps = {
  /** The beneficiary to delete; null closes the dialog. */
  beneficiary: BeneficiaryDto | null;
  onClose: () => void;
};

export function DeleteBeneficiaryDialog({ beneficiary, onClose }: DeleteBeneficiaryDialogProps) {
  const deleteBeneficiary = useDeleteBeneficiary();
  const name = beneficiary ? fullName(beneficiary) : "";

  const confirm = () => {
    if (!beneficiary) return;
    deleteBeneficiary.mutate(
      { id: beneficiary.id },
      {
        onSuccess: () => {
          toast({ title: "Beneficiary Deleted", description: `${name} was removed.`, variant: "success" });
          onClose();
        },
        onError: (error) => {
          toast({ title: "Failed to Delete Beneficiary", description: describeFailure(error), variant: "destructive" });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={beneficiary !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete this beneficiary?"
      description={
        <>
          <span className="font-medium text-foreground">{name}</span> will be removed, and every asset assigned to them
          goes back to unassigned. This cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={deleteBeneficiary.isPending}
      onConfirm={confirm}
    />
  );
}
