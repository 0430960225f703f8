import type { BeneficiaryDto } from "@shared/api-types";
import { toast } from "@/hooks/use-toast";
import { useResendVerification } from "@/features/beneficiaries/api/resend-verification";
import { describeFailure } from "@/lib/describe-failure";

/** Resend with its notices; `resendingId` marks the row whose e-mail is on its way. */
export function useResendWithNotice() {
  const resend = useResendVerification();
  const send = (beneficiary: BeneficiaryDto) =>
    resend.mutate(
      { id: beneficiary.id },
      {
        onSuccess: () =>
          toast({
            title: "Verification E-mail Sent",
            description: `A new confirmation link is on its way to ${beneficiary.email}.`,
            variant: "success",
          }),
        onError: (error) =>
          toast({
            title: "Failed to Resend Verification",
            description: describeFailure(error),
            variant: "destructive",
          }),
      },
    );
  return { send, resendingId: resend.isPending ? (resend.variables?.id ?? null) : null };
}
