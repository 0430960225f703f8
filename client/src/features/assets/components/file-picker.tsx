import { useId } from "react";
import { MAX_FILE_BYTES } from "@shared/asset-types";
import { formatBytes } from "@shared/format";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ACCEPT_ATTRIBUTE, ACCEPTED_LIST } from "@/features/assets/lib/check-files";

type FilePickerProps = {
  onPick: (files: File[]) => void;
  /** Why some picked files were not added; announced when it changes. */
  problems: readonly string[];
};

/** A native multiple file input (keyboard and screen-reader friendly), cleared after each pick so a file can be re-added. */
export function FilePicker({ onPick, problems }: FilePickerProps) {
  const id = useId();
  const hint = `${ACCEPTED_LIST}; up to ${formatBytes(MAX_FILE_BYTES)} each.`;
  return (
    <div className="grid gap-2">
      <FormField id={id} label="Files" hint={hint}>
        <Input
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className="h-auto cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
          {...fieldAria(id, problems.length ? "invalid" : undefined, hint)}
          onChange={(event) => {
            onPick(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
      </FormField>
      <div id={`${id}-error`} role="alert" className="empty:hidden">
        {problems.length ? (
          <ul className="grid gap-1 text-sm font-medium text-destructive">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
