import { Button } from "@/components/ui/button";

/** A read that failed, said in a sentence ("We could not load your requests."), with a way to try again. */
export function LoadFailure({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid gap-2 text-sm">
      <p>We could not load {what}.</p>
      <Button variant="outline" className="w-fit" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
