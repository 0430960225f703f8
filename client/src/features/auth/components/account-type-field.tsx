import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "@/components/ui/form-field";

const ACCOUNT_TYPES = [
  { value: "client", title: "Personal", text: "Plan my own digital estate" },
  { value: "agent", title: "Professional agent", text: "Serve clients and earn commission" },
] as const;

type AccountTypeFieldProps = {
  registration: UseFormRegisterReturn<"userType">;
  error?: string;
};

/** userType: client (default) or agent (spec 000 §5), as a labelled radio group. */
export function AccountTypeField({ registration, error }: AccountTypeFieldProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Account type</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {ACCOUNT_TYPES.map((type) => (
          <label
            key={type.value}
            htmlFor={`${id}-${type.value}`}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-input bg-card p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-muted"
          >
            <input
              id={`${id}-${type.value}`}
              type="radio"
              value={type.value}
              className="mt-0.5 size-4 accent-primary"
              {...registration}
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{type.title}</span>
              <span className="text-muted-foreground">{type.text}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}
