import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { AdminAgentDto } from "@shared/admin-api";
import { COMMISSION, commissionSchema, type CommissionInput } from "@shared/validators/admin";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/form-field";
import { parseApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";

type FormValues = z.input<typeof commissionSchema>;

type CommissionDialogProps = {
  agent: AdminAgentDto | null;
  onOpenChange: (open: boolean) => void;
  /** Rejects with the API error; the form shows it and stays filled. */
  onSave: (input: CommissionInput) => Promise<void>;
};

/** Edit Commission: the agent's rate, 5–20 % (spec 001 §9), checked by the shared schema here and on the server. */
export function CommissionDialog({ agent, onOpenChange, onSave }: CommissionDialogProps) {
  const initial = { commissionRate: agent?.commissionRate ?? String(COMMISSION.default) };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, CommissionInput>({
    resolver: zodResolver(commissionSchema),
    defaultValues: initial,
  });
  useEffect(() => {
    reset({ commissionRate: agent?.commissionRate ?? String(COMMISSION.default) });
  }, [agent, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      if (!applyServerErrors(error, ["commissionRate"], setError)) {
        setError("root", { message: parseApiError(error).message || "An error occurred" });
      }
    }
  });

  return (
    <Dialog open={agent !== null} onOpenChange={(open) => !isSubmitting && onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Commission</DialogTitle>
          <DialogDescription>
            {agent?.email}: between {COMMISSION.min} and {COMMISSION.max}% of each client payment.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="Edit commission">
          <fieldset disabled={isSubmitting} className="grid gap-4">
            <TextField
              label="Commission rate (%)"
              inputMode="decimal"
              error={errors.commissionRate?.message}
              {...register("commissionRate")}
            />
            <FormError message={errors.root?.message} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">{isSubmitting ? "Saving..." : "Save Commission"}</Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
