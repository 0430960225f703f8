import { ReviewQueue } from "@/features/death-verification/components/review-queue";

/** Admin: the death verification review queue (issue 16). */
export function DeathVerificationsReviewPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Death verifications · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Death verifications</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Record what each source confirmed, with its reference; review every document; verify at a score of 80 or more.
          A verified request waits 30 days, and any sign of life from the person stops it.
        </p>
      </div>
      <ReviewQueue />
    </div>
  );
}
