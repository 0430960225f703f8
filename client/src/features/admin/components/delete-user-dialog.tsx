import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminUserDto } from "@shared/admin-api";
import { adminDeleteUserSchema, type AdminDeleteUserInput } from "@shared/validators/admin";
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

type DeleteUserDialogProps = {
  user: AdminUserDto | null;
  onOpenChange: (open: boolean) => void;
  /** Rejects with the API error; its messages land on the field or above the buttons. */
  onDelete: (input: AdminDeleteUserInput) => Promise<void>;
};

/** Delete User: typed confirmation (the account's e-mail), then the account and everything in it are erased. */
export function DeleteUserDialog({ user, onOpenChange, onDelete }: DeleteUserDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AdminDeleteUserInput>({
    resolver: zodResolver(adminDeleteUserSchema),
    defaultValues: { confirmEmail: "" },
  });
  useEffect(() => reset({ confirmEmail: "" }), [user, reset]);
  const typed = useWatch({ control, name: "confirmEmail" });
  const matches = !!user && typed.trim().toLowerCase() === user.email.toLowerCase();

  const submit = handleSubmit(async (values) => {
    try {
      await onDelete(values);
    } catch (error) {
      if (!applyServerErrors(error, ["confirmEmail"], setError)) {
        setError("root", { message: parseApiError(error).message || "An error occurred" });
      }
    }
  });

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !isSubmitting && onOpenChange(open)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete User</DialogTitle>
          <DialogDescription>
            This erases {user?.email}&apos;s account, files and records for good and shreds their encryption key. It
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="Delete user">
          <fieldset disabled={isSubmitting} className="grid gap-4">
            <TextField
              label="Type the user's e-mail address to confirm"
              autoComplete="off"
              error={errors.confirmEmail?.message}
              {...register("confirmEmail")}
            />
            <FormError message={errors.root?.message} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={!matches}>
                {isSubmitting ? "Deleting..." : "Delete User"}
              </Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
