import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminUserDto } from "@shared/admin-api";
import { adminDeleteUserSchema, type AdminDeleteUserInput } from "@shared/validators/admin";
import { DialogForm } from "@/components/dialog-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { useDialogForm } from "@/hooks/use-dialog-form";
import { parseApiError } from "@/lib/api-client";

type DeleteUserDialogProps = {
  user: AdminUserDto | null;
  onOpenChange: (open: boolean) => void;
  /** Rejects with the API error; its messages land on the field or above the buttons. */
  onDelete: (input: AdminDeleteUserInput) => Promise<void>;
};

const EMPTY: AdminDeleteUserInput = { confirmEmail: "" };

/** Delete User: typed confirmation (the account's e-mail), then the account and everything in it are erased. */
export function DeleteUserDialog({ user, onOpenChange, onDelete }: DeleteUserDialogProps) {
  const form = useDialogForm({
    resolver: zodResolver(adminDeleteUserSchema),
    empty: EMPTY,
    fields: ["confirmEmail"],
    onOpenChange,
  });
  const { reset } = form;
  const { errors, isSubmitting } = form.formState;
  useEffect(() => reset(EMPTY), [user, reset]);
  const typed = useWatch({ control: form.control, name: "confirmEmail" });
  const matches = !!user && typed.trim().toLowerCase() === user.email.toLowerCase();
  const submit = form.submitWith(onDelete, (error) => parseApiError(error).message || "An error occurred");

  return (
    <Dialog open={user !== null} onOpenChange={form.close}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete User</DialogTitle>
          <DialogDescription>
            This erases {user?.email}&apos;s account, files and records for good and shreds their encryption key. It
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogForm
          label="Delete user"
          onSubmit={submit}
          isSubmitting={isSubmitting}
          error={errors.root?.message}
          onCancel={() => onOpenChange(false)}
          submitLabel="Delete User"
          pendingLabel="Deleting..."
          destructive
          canSubmit={matches}
        >
          <TextField
            label="Type the user's e-mail address to confirm"
            autoComplete="off"
            error={errors.confirmEmail?.message}
            {...form.register("confirmEmail")}
          />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
