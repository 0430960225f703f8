import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

type FormDialogFooterProps = {
  onCancel: () => void;
  isSubmitting: boolean;
  isEditing: boolean;
  /** The submit button's words when adding and when editing, e.g. "Add Asset" / "Save Changes". */
  addLabel: string;
  editLabel: string;
};

type SubmitDialogFooterProps = {
  onCancel: () => void;
  isSubmitting: boolean;
  /** The submit button's words, and what it says while the form is being sent ("Delete Account", "Deleting..."). */
  label: ReactNode;
  pendingLabel: string;
  destructive?: boolean;
  /** Keeps the submit button disabled, e.g. until a typed confirmation matches. */
  isDisabled?: boolean;
};

/** Cancel and submit for a form in a dialog; put it inside the form's fieldset so both lock while it is sent. */
export function SubmitDialogFooter({
  onCancel,
  isSubmitting,
  label,
  pendingLabel,
  destructive,
  isDisabled,
}: SubmitDialogFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={isDisabled}>
        {isSubmitting ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}

/** Cancel and submit for an add/edit form in a dialog; the submit says what is happening while it runs. */
export function FormDialogFooter({ onCancel, isSubmitting, isEditing, addLabel, editLabel }: FormDialogFooterProps) {
  return (
    <SubmitDialogFooter
      onCancel={onCancel}
      isSubmitting={isSubmitting}
      label={isEditing ? editLabel : addLabel}
      pendingLabel={isEditing ? "Updating..." : "Adding..."}
    />
  );
}
