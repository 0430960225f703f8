import { useId } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { FormField, TextField, fieldAria } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import type { AssetFieldConfig } from "@/features/assets/lib/asset-form-config";
import type { AssetFormValues, AssetPayload } from "@/features/assets/lib/form-values";
import { BeneficiarySelect } from "@/components/beneficiary-select";
import { SecretField } from "@/components/ui/secret-field";
import { SelectField } from "@/components/ui/select-field";

type AssetFieldProps = {
  field: AssetFieldConfig;
  form: UseFormReturn<AssetFormValues, unknown, AssetPayload>;
};

const RequiredMark = () => (
  <span className="ml-0.5 text-destructive" aria-hidden="true">
    *
  </span>
);

/** One control of a typed asset form, chosen by the field's config. */
export function AssetField({ field, form }: AssetFieldProps) {
  const id = useId();
  const { register, control, formState } = form;
  const error = formState.errors[field.name]?.message;
  const label = (
    <>
      {field.label}
      {field.isRequired ? <RequiredMark /> : null}
    </>
  );
  const common = { id, error, "aria-required": field.isRequired || undefined };

  switch (field.control) {
    case "textarea":
      return (
        <FormField id={id} label={label} error={error} className="sm:col-span-2">
          <Textarea rows={3} className="min-h-20" {...register(field.name)} {...fieldAria(id, error)} />
        </FormField>
      );
    case "select":
      return (
        <SelectField
          {...common}
          label={label}
          options={field.options ?? []}
          emptyOption={field.emptyOption}
          // "" from the prompt option means "not chosen", reported with the schema's own message.
          {...register(field.name, { setValueAs: (v: string) => (v === "" ? undefined : v) })}
        />
      );
    case "beneficiary":
      return (
        <Controller
          control={control}
          name={field.name}
          render={({ field: { value, ...rest } }) => (
            <BeneficiarySelect
              {...rest}
              id={id}
              value={typeof value === "string" ? value : ""}
              label={field.label}
              error={error}
            />
          )}
        />
      );
    case "secret":
      return (
        <SecretField
          {...common}
          label={field.label}
          labelSuffix={field.isRequired ? <RequiredMark /> : null}
          {...register(field.name)}
        />
      );
    default:
      return (
        <TextField
          {...common}
          label={label}
          type={field.control}
          placeholder={field.placeholder}
          {...register(field.name)}
        />
      );
  }
}
