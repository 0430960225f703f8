import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { SaveExecutionFormValues } from "@shared/validators/will-executions";
import { TextField } from "@/components/ui/form-field";

type Props = {
  index: 0 | 1;
  register: UseFormRegister<SaveExecutionFormValues>;
  errors: FieldErrors<SaveExecutionFormValues>;
};

/** One witness: full name, address and occupation (the Act's record); e-mail and spouse for the warnings. */
export function WitnessFields({ index, register, errors }: Props) {
  const n = index + 1;
  const error = errors.witnesses?.[index];
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Witness {n}</legend>
      <TextField
        label={`Witness ${n} full name`}
        autoComplete="off"
        error={error?.fullName?.message}
        {...register(`witnesses.${index}.fullName`)}
      />
      <TextField
        label={`Witness ${n} occupation`}
        autoComplete="off"
        error={error?.occupation?.message}
        {...register(`witnesses.${index}.occupation`)}
      />
      <TextField
        label={`Witness ${n} address`}
        autoComplete="off"
        containerClassName="sm:col-span-2"
        error={error?.address?.message}
        {...register(`witnesses.${index}.address`)}
      />
      <TextField
        label={`Witness ${n} e-mail (optional)`}
        type="email"
        autoComplete="off"
        error={error?.email?.message}
        {...register(`witnesses.${index}.email`)}
      />
      <TextField
        label={`Witness ${n} spouse (optional)`}
        autoComplete="off"
        hint="A gift to a witness's husband or wife fails too."
        error={error?.spouseName?.message}
        {...register(`witnesses.${index}.spouseName`)}
      />
    </fieldset>
  );
}
