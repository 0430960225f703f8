import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { reauthSchema, type ReauthInput } from "@shared/validators/auth";
import { SubmitDialogFooter } from "@/components/form-dialog-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PasswordField } from "@/components/ui/form-field";
import { parseApiError } from "@/lib/api-client";
import { confirmPassword } from "@/features/backup/api/reauth";

type ReauthDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The password was confirmed: the action that asked for it may go ahead. */
  onConfirmed: () => void;
};

/** Asks for the password again before an export, when the last sign-in is more than 15 minutes old. */
export function ReauthDialog({ open, onOpenChange, onConfirmed }: ReauthDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReauthInput>({ resolver: zodResolver(reauthSchema), defaultValues: { password: "" } });

  const submit = handleSubmit(async (values) => {
    try {
      await confirmPassword(values);
      reset();
      onConfirmed();
    } catch (error) {
      const message = parseApiError(error).message || "Could not confirm your password. Please try again.";
      setError("password", { type: "server", message });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm your password</DialogTitle>
          <DialogDescription>
            An export contains everything in your estate plan. Please confirm it is you: enter your password to download
            it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="Confirm your password">
          <fieldset disabled={isSubmitting} className="grid gap-4">
            <PasswordField error={errors.password?.message} {...register("password")} />
            <SubmitDialogFooter
              onCancel={() => onOpenChange(false)}
              isSubmitting={isSubmitting}
              label="Confirm and Download"
              pendingLabel="Confirming..."
            />
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
