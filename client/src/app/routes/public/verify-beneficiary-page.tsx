import { useParams } from "wouter";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { BeneficiaryVerification } from "@/features/beneficiaries/components/beneficiary-verification";

/** Public: opened from the e-mail a beneficiary receives; no sign-in needed. */
export function VerifyBeneficiaryPage() {
  const { token = "" } = useParams<{ token: string }>();
  return (
    <AuthLayout>
      <title>Confirm you are a beneficiary · Heirloom</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Beneficiary confirmation</h1>
      <BeneficiaryVerification token={token} />
    </AuthLayout>
  );
}
