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

/** Cancel and submit for an add/edit form in a dialog; the submit says what is happening while it runs. */
export function FormDialogFooter({ onCancel, isSubmitting, isEditing, addLabel, editLabel }: FormDialogFooterProps) {
  const busy = isEditing ? "Updating..." : "Adding...";
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit">{isSubmitting ? busy : isEditing ? editLabel : addLabel}</Button>
    </DialogFooter>
  );
}
