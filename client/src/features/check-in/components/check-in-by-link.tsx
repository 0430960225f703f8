import { Button } from "@/components/ui/button";
import { parseApiError } from "@/lib/api-client";
import { useCheckInByLink } from "@/features/check-in/api/check-in";

function failureText(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === 404) return "This check-in link is invalid or has expired. Sign in to check in instead.";
  if (status === 409) return "This check-in link has already been used. Sign in to check in again.";
  return message || "We could not check you in. Please try again later.";
}

/**
 * The page behind a warning's link: opening it changes nothing (mail scanners open links); the button POSTs the
 * token, once.
 */
export function CheckInByLink({ token }: { token: string }) {
  const checkIn = useCheckInByLink(token);
  if (checkIn.isSuccess) {
    return (
      <p role="status" className="rounded-md border border-success bg-card p-4 text-sm">
        {checkIn.data.message} You can close this page.
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      <p>
        Press the button to tell us you are still here. Your inactivity triggers then start counting again from now, and
        nothing is released.
      </p>
      {checkIn.error ? (
        <p role="alert" className="rounded-md border border-destructive bg-card p-4 text-sm text-destructive">
          {failureText(checkIn.error)}
        </p>
      ) : null}
      <Button size="lg" className="w-full" disabled={checkIn.isPending} onClick={() => checkIn.mutate()}>
        {checkIn.isPending ? "Checking in..." : "I'm still here"}
      </Button>
    </div>
  );
}
