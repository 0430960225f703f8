import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocation } from "wouter";
import {
  DELETE_CONFIRMATION_TEXT,
  deleteAccountFormSchema,
  type DeleteAccountFormInput,
} from "@shared/validators/account";
import { SubmitDialogFooter } from "@/components/form-dialog-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PasswordField, TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useDeleteAccount } from "@/features/settings/api/delete-account";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";

const EMPTY: DeleteAccountFormInput = { password: "", confirmation: "" };

/** The last step of deleting the account: the password and the typed word. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const deleteAccount = useDeleteAccount();
  const [, navigate] = useLocation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountFormInput>({ resolver: zodResolver(deleteAccountFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await deleteAccount.mutateAsync({ password });
      toast({ title: "Account Deleted", description: "Your account and everything in it have been erased." });
      navigate("/");
    } catch (error) {
      if (applyServerErrors(error, ["password"] as const, setError)) return;
      const { status, message } = parseApiError(error);
      if (status === 401 && message) return setError("password", { type: "server", message });
      toast({ title: "Failed to delete account", description: describeFailure(error), variant: "destructive" });
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
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your records, files, will, beneficiaries and triggers are erased and cannot be recovered. People who named
            you in their own plans keep their accounts.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate aria-label="Delete account">
          <fieldset disabled={isSubmitting} className="grid gap-4">
            <PasswordField error={errors.password?.message} {...register("password")} />
            <TextField
              label={`Type ${DELETE_CONFIRMATION_TEXT} to confirm`}
              autoComplete="off"
              error={errors.confirmation?.message}
              {...register("confirmation")}
            />
            <SubmitDialogFooter
              onCancel={() => onOpenChange(false)}
              isSubmitting={isSubmitting}
              label="Delete Account"
              pendingLabel="Deleting..."
              destructive
            />
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
