import { CHECK_LABELS, type DeathVerificationReviewDto } from "@shared/death-verification";
import { LoadFailure } from "@/components/load-failure";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import { useReviewQueue } from "@/features/death-verification/api/review";
import { EvidenceList } from "@/features/death-verification/components/evidence-list";
import { ReviewForm } from "@/features/death-verification/components/review-form";
import { StatusBadge } from "@/features/death-verification/components/status-badge";

function QueueItem({ item }: { item: DeathVerificationReviewDto }) {
  const reviewable = item.status === "pending" || item.status === "in_review" || item.status === "appealed";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          #{item.id} {item.subjectName} <StatusBadge status={item.status} />
          {item.rehearsal ? <Badge variant="outline">Rehearsal</Badge> : null}
          {item.appealedAt ? <Badge variant="outline">Appeal</Badge> : null}
        </CardTitle>
        <CardDescription>
          {item.subjectEmail} · reported by {item.requestorName ?? "—"} ({item.requestorType.replace(/_/g, " ")}) ·{" "}
          {item.confirmations.filter((c) => c.decision === "confirm").length} confirmation(s) of {item.activeParties}{" "}
          active parties{item.confirmationsNeeded ? `, ${item.confirmationsNeeded} needed` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {item.status === "appealed" ? (
          <section aria-label="Appeal" className="grid gap-1 rounded-md border p-3">
            <p className="font-semibold">
              Appealed {item.appealedAt ? `on ${formatDateTime(item.appealedAt)}` : ""} after a rejection
            </p>
            <p>Earlier rejection: {item.notes ?? "no reason was given"}</p>
            <p>Requestor&apos;s reason: {item.appealReason ?? "—"}</p>
            <p className="text-muted-foreground">The decision on an appeal is final.</p>
          </section>
        ) : null}
        <EvidenceList
          label="Documents"
          documents={item.documents}
          hrefOf={(docId) => `/api/admin/death-verifications/${item.id}/documents/${docId}`}
        />
        <ul aria-label="Confirmations" className="grid gap-1">
          {item.confirmations.map((c) => (
            <li key={`${c.partyName}-${c.createdAt}`}>
              {c.partyName}: {c.decision}
            </li>
          ))}
        </ul>
        <ul aria-label="Score breakdown" className="grid gap-1">
          {item.breakdown.map((b) => (
            <li key={b.check}>
              {CHECK_LABELS[b.check]}: {b.confirmed ? b.weight : 0} / {b.weight}
            </li>
          ))}
        </ul>
        {item.waitingPeriodEnd ? <p>Waiting period ends {new Date(item.waitingPeriodEnd).toLocaleString()}</p> : null}
        {reviewable ? <ReviewForm item={item} /> : null}
      </CardContent>
    </Card>
  );
}

/** The admin's queue: requests awaiting a decision, and verified ones in their waiting period. */
export function ReviewQueue() {
  const queue = useReviewQueue();
  if (queue.isPending) return <Spinner label="Loading requests..." showLabel />;
  if (queue.error) {
    return <LoadFailure what="the review queue" onRetry={() => void queue.refetch()} />;
  }
  if (queue.data.length === 0) return <p className="text-sm text-muted-foreground">Nothing to review.</p>;
  return (
    <div className="grid gap-4">
      {queue.data.map((item) => (
        <QueueItem key={item.id} item={item} />
      ))}
    </div>
  );
}
