import { useId, type ComponentProps, type ReactNode } from "react";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { cn } from "@/lib/utils";

export type SelectOption = { value: string; label: string };

type SelectFieldProps = ComponentProps<"select"> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first option with value "" (a prompt, or "No assignment"). */
  emptyOption?: string;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
};

/** A labelled native select: keyboard and screen-reader behaviour for free, styled like Input. */
export function SelectField({
  label,
  options,
  emptyOption,
  error,
  hint,
  containerClassName,
  className,
  id,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} className={containerClassName}>
      <select
        {...selectProps}
        {...fieldAria(fieldId, error, hint)}
        className={cn(
          "flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
          className,
        )}
      >
        {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
