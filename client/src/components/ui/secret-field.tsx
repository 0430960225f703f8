import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { Eye, EyeOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

type SecretFieldProps = Omit<ComponentProps<"input">, "type"> & {
  label: string;
  /** Shown next to the label (a required marker). */
  labelSuffix?: ReactNode;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
};

/** A sensitive value (account number, access codes…): masked by default, with a show/hide toggle. */
export function SecretField({
  label,
  labelSuffix,
  error,
  hint,
  containerClassName,
  id,
  ...inputProps
}: SecretFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormField
      id={fieldId}
      label={
        <>
          {label}
          {labelSuffix}
        </>
      }
      error={error}
      hint={hint}
      className={containerClassName}
    >
      <div className="relative">
        <Input
          {...inputProps}
          {...fieldAria(fieldId, error, hint)}
          type={isVisible ? "text" : "password"}
          autoComplete="off"
          spellCheck={false}
          className="pr-11"
        />
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-0 right-0 text-muted-foreground"
          aria-label={isVisible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={isVisible}
          aria-controls={fieldId}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </Button>
      </div>
    </FormField>
  );
}
