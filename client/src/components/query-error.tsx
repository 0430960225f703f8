import { CircleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { parseApiError } from "@/lib/api-client";

/** A failed read, said in words, with a way to try again. */
export function QueryError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const { message } = parseApiError(error);
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive p-4 text-sm">
      <CircleAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
      <p className="flex-1">
        Could not load {what}.{message ? ` ${message}` : ""}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
