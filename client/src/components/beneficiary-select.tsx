import type { ComponentProps } from "react";
import { useQuery } from "@tanstack/react-query";
import type { BeneficiaryDto } from "@shared/api-types";
import { SelectField } from "@/components/ui/select-field";
import { fetchAllPages } from "@/lib/list-pages";
import { queryKeys } from "@/lib/query-keys";

/** Every beneficiary, read page by page; the key starts with the list's path, so beneficiary writes refresh it. */
export const BENEFICIARY_OPTIONS_KEY = [...queryKeys.beneficiaries(), "options"] as const;

export function useBeneficiaryOptions() {
  return useQuery({
    queryKey: BENEFICIARY_OPTIONS_KEY,
    queryFn: () => fetchAllPages<BeneficiaryDto>("/api/beneficiaries", 200),
  });
}

type BeneficiarySelectProps = Omit<ComponentProps<"select">, "children"> & {
  label?: string;
  error?: string;
  containerClassName?: string;
  /** What is being assigned, for the hints: "this asset", "this account". */
  subject?: string;
};

/**
 * "Assign to beneficiary": "No assignment" (sent as null) or one of the owner's beneficiaries (spec 000 §3, spec
 * 001 §7). Controlled, so an edit's value shows once the list arrives.
 */
export function BeneficiarySelect({
  label = "Assign to beneficiary",
  error,
  subject = "this asset",
  ...props
}: BeneficiarySelectProps) {
  const { data, isError, isPending } = useBeneficiaryOptions();
  const options = (data ?? []).map((b) => ({ value: String(b.id), label: `${b.firstName} ${b.lastName}` }));
  const hint = isError
    ? `Your beneficiaries could not be loaded; you can assign ${subject} later.`
    : !isPending && options.length === 0
      ? `Add beneficiaries on the Beneficiaries page to assign ${subject}.`
      : undefined;
  return (
    <SelectField {...props} label={label} options={options} emptyOption="No assignment" error={error} hint={hint} />
  );
}
