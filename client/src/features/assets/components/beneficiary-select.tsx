import type { ComponentProps } from "react";
import { useBeneficiaryOptions } from "@/features/assets/api/get-beneficiary-options";
import { SelectField } from "@/components/ui/select-field";

type BeneficiarySelectProps = Omit<ComponentProps<"select">, "children"> & {
  label?: string;
  error?: string;
  containerClassName?: string;
};

/** "No assignment" (sent as null) or one of the owner's beneficiaries. Controlled, so an edit's value shows once the list arrives. */
export function BeneficiarySelect({ label = "Assign to beneficiary", error, ...props }: BeneficiarySelectProps) {
  const { data, isError, isPending } = useBeneficiaryOptions();
  const options = (data ?? []).map((b) => ({ value: String(b.id), label: `${b.firstName} ${b.lastName}` }));
  const hint = isError
    ? "Your beneficiaries could not be loaded; you can assign this later."
    : !isPending && options.length === 0
      ? "Add beneficiaries on the Beneficiaries page to assign this asset."
      : undefined;
  return (
    <SelectField {...props} label={label} options={options} emptyOption="No assignment" error={error} hint={hint} />
  );
}
