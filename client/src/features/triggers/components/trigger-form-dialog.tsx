import type { CreateTriggerInput } from "@shared/validators/triggers";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { useTriggerOptions } from "@/features/triggers/api/get-triggers";
import { useCreateTrigger } from "@/features/triggers/api/trigger-mutations";
import { TriggerForm } from "@/features/triggers/components/trigger-form";
import { describeFailure } from "@/lib/describe-failure";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** The create dialog (spec 001 §2); the form unmounts on close, so it always reopens reset. */
export function TriggerFormDialog({ open, onOpenChange }: Props) {
  const createTrigger = useCreateTrigger();
  const choices = useTriggerOptions(open);

  const save = async (values: CreateTriggerInput) => {
    try {
      await createTrigger.mutateAsync(values);
      toast({ title: "Trigger Created", description: "Your release trigger is set.", variant: "success" });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: "Failed to create release trigger.",
        description: describeFailure(error),
        variant: "destructive",
      });
      throw error;
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !createTrigger.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Create Release Trigger</DialogTitle>
          <DialogDescription>Choose who receives what, and when it is released.</DialogDescription>
        </DialogHeader>
        {open ? <TriggerForm choices={choices} onSubmit={save} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
