import type { ComponentProps } from "react";
import { useBeneficiaryOptions } from "@/features/online-accounts/api/get-beneficiary-options";
import { SelectField } from "@/components/ui/select-field";

type BeneficiarySelectProps = Omit<ComponentProps<"select">, "children"> & { error?: string };

/** "No assignment" (sent as null) or one of the owner's beneficiaries; controlled so an edit's value survives the load. */
export function BeneficiarySelect({ error, ...props }: BeneficiarySelectProps) {
  const { data, isError, isPending } = useBeneficiaryOptions();
  const options = (data ?? []).map((b) => ({ value: String(b.id), label: `${b.firstName} ${b.lastName}` }));
  const hint = isError
    ? "Your beneficiaries could not be loaded; you can assign this account later."
    : !isPending && options.length === 0
      ? "Add beneficiaries on the Beneficiaries page to assign this account."
      : undefined;
  return (
    <SelectField
      {...props}
      label="Assign to beneficiary"
      options={options}
      emptyOption="No assignment"
      error={error}
      hint={hint}
    />
  );
}
