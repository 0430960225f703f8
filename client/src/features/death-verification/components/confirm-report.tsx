import { Button } from "@/components/ui/button";
import { parseApiError } from "@/lib/api-client";
import { useConfirmReport } from "@/features/death-verification/api/report";

function failureText(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === 404) return "This link is invalid or has expired. You can send the report again.";
  if (status === 409) return "This report has already been confirmed.";
  return message || "We could not confirm your report. Please try again later.";
}

/** The page behind the reporter's link: opening it changes nothing (mail scanners open links); the button acts, once. */
export function ConfirmReport({ token }: { token: string }) {
  const confirm = useConfirmReport(token);
  if (confirm.isSuccess) {
    return (
      <p role="status" className="rounded-md border border-success bg-card p-4 text-sm">
        {confirm.data.message}
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      <p>
        Press the button to confirm your report. The person&apos;s trusted parties and the person themselves are then
        told, and our team reviews the evidence before anything happens.
      </p>
      {confirm.error ? (
        <p role="alert" className="rounded-md border border-destructive bg-card p-4 text-sm text-destructive">
          {failureText(confirm.error)}
        </p>
      ) : null}
      <Button size="lg" className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
        {confirm.isPending ? "Confirming..." : "Confirm my report"}
      </Button>
    </div>
  );
}
