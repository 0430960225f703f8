import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui/form-field";

type NameFieldsProps = {
  firstName: UseFormRegisterReturn<"firstName">;
  lastName: UseFormRegisterReturn<"lastName">;
  errors: { firstName?: string; lastName?: string };
};

export function NameFields({ firstName, lastName, errors }: NameFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" error={errors.firstName} {...firstName} />
      <TextField label="Last name" autoComplete="family-name" error={errors.lastName} {...lastName} />
    </div>
  );
}
