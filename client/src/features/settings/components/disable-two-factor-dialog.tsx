import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { disableTwoFactorSchema, type DisableTwoFactorInput } from "@shared/validators/two-factor";
import { SubmitDialogFooter } from "@/components/form-dialog-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PasswordField, TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useDisableTwoFactor } from "@/features/settings/api/two-factor";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";

const EMPTY: DisableTwoFactorInput = { password: "", code: "" };

/** Turning two-factor sign-in off: the password and a code from the app (or a recovery code). */
export function DisableTwoFactorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DisableTwoFactorInput, unknown, z.output<typeof disableTwoFactorSchema>>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: EMPTY,
  });

  // the schema checks the code's shape; the server takes it as typed
  const onSubmit = handleSubmit(async () => {
    try {
      await disable.mutateAsync(getValues());
      toast({ title: "Two-factor sign-in is off", description: "Signing in asks only for your password again." });
      reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      if (applyServerErrors(error, ["password", "code"] as const, setError)) return;
      const { status, message } = parseApiError(error);
      // the step-up confirmation refused the password (401 with its own message)
      if (status === 401 && message) return setError("password", { type: "server", message });
      toast({ title: "Could not turn it off", description: describeFailure(error), variant: "destructive" });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) reset(EMPTY);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
          <DialogDescription>
            Your account will be protected by its password alone, and your recovery codes stop working.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in">
          <fieldset disabled={isSubmitting} className="grid gap-4">
            <PasswordField error={errors.password?.message} {...register("password")} />
            <TextField
              label="Code from the app or a recovery code"
              autoComplete="one-time-code"
              error={errors.code?.message}
              {...register("code")}
            />
            <SubmitDialogFooter
              onCancel={() => onOpenChange(false)}
              isSubmitting={isSubmitting}
              label="Turn Off"
              pendingLabel="Turning off..."
              destructive
            />
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
