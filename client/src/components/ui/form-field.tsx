import { useId, type ComponentProps, type ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** ARIA wiring for a control whose hint and error live under it. */
export function fieldAria(id: string, error?: string, hint?: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

type FormFieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** The control; give it `{...fieldAria(id, error, hint)}`. */
  children: ReactNode;
};

/** A visible label bound to its control, then the hint and the error message. */
export function FormField({ id, label, error, hint, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldHint id={id}>{hint}</FieldHint>
      <FieldError id={id} message={error} />
    </div>
  );
}

type TextFieldProps = ComponentProps<"input"> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
};

/** Label + input + hint + error in one; spreads react-hook-form's `register()` result. */
export function TextField({ label, error, hint, containerClassName, id, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} className={containerClassName}>
      <Input {...inputProps} {...fieldAria(fieldId, error, hint)} />
    </FormField>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, "type" | "label"> & { label?: ReactNode };

/**
 * The account's current password, asked again before a sensitive step (sign-in, e-mail change, turning off two-factor
 * sign-in, deleting the account, a backup): the password managers' `current-password` field.
 */
export function PasswordField({ label = "Password", ...props }: PasswordFieldProps) {
  return <TextField label={label} type="password" autoComplete="current-password" {...props} />;
}

/** The password rules (shared/validators/auth.ts), said under every field where a password is chosen. */
export const PASSWORD_RULES_HINT = "At least 8 characters, with an uppercase letter, a lowercase letter and a number.";

/** A password being chosen (sign-up, reset, change): the password managers' `new-password` field, with the rules. */
export function NewPasswordField({ label = "New password", ...props }: PasswordFieldProps) {
  return <TextField label={label} type="password" autoComplete="new-password" hint={PASSWORD_RULES_HINT} {...props} />;
}

/** The chosen password typed again. */
export function ConfirmPasswordField({ label = "Confirm new password", ...props }: PasswordFieldProps) {
  return <TextField label={label} type="password" autoComplete="new-password" {...props} />;
}

type NameFieldProps = Omit<TextFieldProps, "label" | "autoComplete">;

/** The account holder's own first name (sign-up, profile): the browser may fill it in. */
export function FirstNameField(props: NameFieldProps) {
  return <TextField label="First name" autoComplete="given-name" {...props} />;
}

/** The account holder's own last name (sign-up, profile). */
export function LastNameField(props: NameFieldProps) {
  return <TextField label="Last name" autoComplete="family-name" {...props} />;
}

/** A form-level failure (not tied to one field), announced when it appears. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive bg-card p-3 text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
