import { PagePlaceholder } from "@/components/page-placeholder";
import { PublicLayout } from "@/components/layouts/public-layout";

export function VerifyBeneficiaryPage() {
  return (
    <PublicLayout>
      <PagePlaceholder
        title="Beneficiary Verification"
        description="Someone has named you as a beneficiary on Heirloom. This page will let you confirm your details."
      />
    </PublicLayout>
  );
}
