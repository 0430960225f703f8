import type { BeneficiaryDto } from "@shared/api-types";
import type { CreateBeneficiaryInput } from "@shared/validators/beneficiaries";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { useCreateBeneficiary } from "@/features/beneficiaries/api/create-beneficiary";
import { useUpdateBeneficiary } from "@/features/beneficiaries/api/update-beneficiary";
import { BeneficiaryForm } from "@/features/beneficiaries/components/beneficiary-form";
import { describeFailure } from "@/lib/describe-failure";
import { fullName } from "@/features/beneficiaries/lib/filter-beneficiaries";

type BeneficiaryFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Set: edit this beneficiary. Unset: add a new one. */
  beneficiary?: BeneficiaryDto;
};

/** Add or edit in a dialog; the form unmounts on close, so it always reopens reset. */
export function BeneficiaryFormDialog({ open, onOpenChange, beneficiary }: BeneficiaryFormDialogProps) {
  const createBeneficiary = useCreateBeneficiary();
  const updateBeneficiary = useUpdateBeneficiary();
  const isPending = createBeneficiary.isPending || updateBeneficiary.isPending;
  const isEdit = beneficiary !== undefined;

  const save = async (values: CreateBeneficiaryInput) => {
    try {
      if (beneficiary) {
        await updateBeneficiary.mutateAsync({ id: beneficiary.id, data: values });
        toast({ title: "Beneficiary Updated", description: `${fullName(values)} was saved.`, variant: "success" });
      } else {
        const created = await createBeneficiary.mutateAsync(values);
        toast({
          title: "Beneficiary Added",
          description:
            created.verificationMail === "waiting_for_your_email"
              ? `We will e-mail ${values.email} a link to confirm as soon as you confirm your own e-mail address.`
              : `We e-mailed ${values.email} a link to confirm.`,
          variant: "success",
        });
      }
      onOpenChange(false);
    } catch (error) {
      toast({
        title: isEdit ? "Failed to Update Beneficiary" : "Failed to Add Beneficiary",
        description: describeFailure(error),
        variant: "destructive",
      });
      throw error;
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isEdit ? "Edit Beneficiary" : "Add Beneficiary"}</DialogTitle>
          <DialogDescription>
            {isEdit
              ? "Changing the e-mail address asks the beneficiary to confirm again."
              : "We send the beneficiary an e-mail with a link to confirm who they are."}
          </DialogDescription>
        </DialogHeader>
        <BeneficiaryForm
          beneficiary={beneficiary}
          submitLabel={isEdit ? "Save Changes" : "Add Beneficiary"}
          onSubmit={save}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
