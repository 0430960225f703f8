import type { ReactNode } from "react";
import { CircleAlert, CircleCheck, ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { parseApiError } from "@/lib/api-client";
import { useConfirmBeneficiaryVerification } from "@/features/beneficiaries/api/confirm-beneficiary-verification";
import { useBeneficiaryVerification } from "@/features/beneficiaries/api/get-beneficiary-verification";

const USED = "This link has already been used.";

function failureText(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === 404) return "This verification link is invalid or has expired.";
  if (status === 409) return USED;
  return message || "We could not check this link. Please try again later.";
}

function Notice({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  const Icon = tone === "error" ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex gap-3 rounded-md border bg-card p-4 text-sm ${tone === "error" ? "border-destructive" : "border-success"}`}
    >
      <Icon
        className={`size-5 shrink-0 ${tone === "error" ? "text-destructive" : "text-success"}`}
        aria-hidden="true"
      />
      <div className="grid gap-1">{children}</div>
    </div>
  );
}

/** The public page behind a beneficiary's e-mailed link: who named them, then one Confirm. */
export function BeneficiaryVerification({ token }: { token: string }) {
  const info = useBeneficiaryVerification(token);
  const confirm = useConfirmBeneficiaryVerification(token);

  if (info.isPending) return <Spinner label="Checking your link..." showLabel />;
  if (info.error) return <Notice tone="error">{failureText(info.error)}</Notice>;
  const { firstName, ownerFirstName, status } = info.data;

  if (confirm.isSuccess) {
    return (
      <Notice tone="success">
        <p className="font-semibold">You're verified</p>
        <p>
          Thank you, {firstName}. {ownerFirstName} can now count on you as their beneficiary. You can close this page.
        </p>
      </Notice>
    );
  }
  if (status === "verified") return <Notice tone="error">{USED}</Notice>;

  return (
    <div className="grid gap-6">
      <div className="flex gap-3">
        <ShieldCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <p className="text-base">
          Hello {firstName}. <strong>{ownerFirstName}</strong> has named you as a beneficiary in their estate plan on
          Heirloom. Please confirm that you are {firstName} and that this is your e-mail address.
        </p>
      </div>
      {confirm.error ? <Notice tone="error">{failureText(confirm.error)}</Notice> : null}
      <Button size="lg" className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
        {confirm.isPending ? "Confirming..." : "Confirm"}
      </Button>
      <p className="text-xs text-muted-foreground">
        Not {firstName}, or not expecting this? Ignore this page; nothing changes unless you confirm.
      </p>
    </div>
  );
}
