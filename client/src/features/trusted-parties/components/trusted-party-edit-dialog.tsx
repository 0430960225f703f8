import type { CreateTrustedPartyInput } from "@shared/validators/trusted-parties";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { useTrustedParty, useUpdateTrustedParty } from "@/features/trusted-parties/api/update-trusted-party";
import { TrustedPartyForm } from "@/features/trusted-parties/components/trusted-party-form";

type TrustedPartyEditDialogProps = {
  partyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Edits one trusted party in a dialog. The form starts from the owner's edit read (numbers unmasked), which is read
 * each time the dialog opens and forgotten when it closes; the form unmounts on close, so it reopens reset.
 */
export function TrustedPartyEditDialog({ partyId, open, onOpenChange }: TrustedPartyEditDialogProps) {
  const party = useTrustedParty(partyId, open);
  const update = useUpdateTrustedParty();

  const save = async (values: CreateTrustedPartyInput) => {
    try {
      await update.mutateAsync({ id: partyId, data: values });
      toast({ title: "Success", description: "Trusted party updated", variant: "success" });
      onOpenChange(false);
    } catch (error) {
      toast({ title: "Error", description: describeFailure(error), variant: "destructive" });
      throw error;
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Trusted Party</DialogTitle>
          <DialogDescription>
            The e-mail address can change only while the invitation is pending; the new address gets a new link.
          </DialogDescription>
        </DialogHeader>
        {party.isPending ? (
          <Spinner label="Loading trusted party..." showLabel />
        ) : party.error ? (
          <div role="alert" className="grid gap-2 text-sm">
            <p>We could not load this trusted party: {describeFailure(party.error)}</p>
            <Button variant="outline" className="w-fit" onClick={() => void party.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <TrustedPartyForm party={party.data} onSubmit={save} onCancel={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
