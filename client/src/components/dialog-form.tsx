import type { FormEventHandler, ReactNode } from "react";
import { SubmitDialogFooter } from "@/components/form-dialog-footer";
import { FormError } from "@/components/ui/form-field";

type DialogFormProps = {
  /** The form's accessible name, e.g. "Edit commission". */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isSubmitting: boolean;
  /** The overall failure (`errors.root`), shown above the buttons. */
  error?: string;
  onCancel: () => void;
  submitLabel: ReactNode;
  /** What the submit button says while the form is sent: "Saving...", "Deleting...". */
  pendingLabel: string;
  destructive?: boolean;
  /** False keeps the submit button disabled (a typed confirmation that does not match yet). */
  canSubmit?: boolean;
  children: ReactNode;
};

/** The body of a form dialog: its fields, locked while it is sent, the overall failure, then Cancel and submit. */
export function DialogForm({ label, onSubmit, isSubmitting, error, children, ...footer }: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <fieldset disabled={isSubmitting} className="grid gap-4">
        {children}
        <FormError message={error} />
        <SubmitDialogFooter
          onCancel={footer.onCancel}
          isSubmitting={isSubmitting}
          label={footer.submitLabel}
          pendingLabel={footer.pendingLabel}
          destructive={footer.destructive}
          isDisabled={footer.canSubmit === false}
        />
      </fieldset>
    </form>
  );
}
