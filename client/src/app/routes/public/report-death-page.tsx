import { useParams } from "wouter";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { ConfirmReport } from "@/features/death-verification/components/confirm-report";
import { ReportDeathForm } from "@/features/death-verification/components/report-death-form";

/** Public: a family member reports the death of a Heirloom user. */
export function ReportDeathPage() {
  return (
    <AuthLayout>
      <title>Report a death · Heirloom</title>
      <h1 className="mb-2 text-3xl font-bold tracking-tight">Report a death</h1>
      <p className="mb-6 text-sm text-muted-foreground">
        We are sorry for your loss. We will ask you to confirm your e-mail address, then tell the person&apos;s trusted
        parties; nothing is released until our team has verified the death and a waiting period has passed.
      </p>
      <ReportDeathForm />
    </AuthLayout>
  );
}

/** Public: opened from the reporter's e-mail; the button confirms the report. */
export function ConfirmReportPage() {
  const { token = "" } = useParams<{ token: string }>();
  return (
    <AuthLayout>
      <title>Confirm your report · Heirloom</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Confirm your report</h1>
      <ConfirmReport token={token} />
    </AuthLayout>
  );
}
