import { useEffect } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminAgentDto } from "@shared/admin-api";
import { COMMISSION, commissionSchema, type CommissionInput } from "@shared/validators/admin";
import { DialogForm } from "@/components/dialog-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { useDialogForm } from "@/hooks/use-dialog-form";
import { parseApiError } from "@/lib/api-client";

type CommissionDialogProps = {
  agent: AdminAgentDto | null;
  onOpenChange: (open: boolean) => void;
  /** Rejects with the API error; the form shows it and stays filled. */
  onSave: (input: CommissionInput) => Promise<void>;
};

const initialOf = (agent: AdminAgentDto | null) => ({
  commissionRate: agent?.commissionRate ?? String(COMMISSION.default),
});

/** Edit Commission: the agent's rate, 5–20 % (spec 001 §9), checked by the shared schema here and on the server. */
export function CommissionDialog({ agent, onOpenChange, onSave }: CommissionDialogProps) {
  const form = useDialogForm({
    resolver: zodResolver(commissionSchema),
    empty: initialOf(agent),
    fields: ["commissionRate"],
    onOpenChange,
  });
  const { reset } = form;
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    reset(initialOf(agent));
  }, [agent, reset]);
  const submit = form.submitWith(onSave, (error) => parseApiError(error).message || "An error occurred");

  return (
    <Dialog open={agent !== null} onOpenChange={form.close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Commission</DialogTitle>
          <DialogDescription>
            {agent?.email}: between {COMMISSION.min} and {COMMISSION.max}% of each client payment.
          </DialogDescription>
        </DialogHeader>
        <DialogForm
          label="Edit commission"
          onSubmit={submit}
          isSubmitting={isSubmitting}
          error={errors.root?.message}
          onCancel={() => onOpenChange(false)}
          submitLabel="Save Commission"
          pendingLabel="Saving..."
        >
          <TextField
            label="Commission rate (%)"
            inputMode="decimal"
            error={errors.commissionRate?.message}
            {...form.register("commissionRate")}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
