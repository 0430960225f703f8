import { PagePlaceholder } from "@/components/page-placeholder";

export function BeneficiariesPage() {
  return (
    <PagePlaceholder
      title="Beneficiaries"
      description="Name the people who will receive your assets and keep their details up to date."
    />
  );
}
