import type { DeathVerificationRequestDto } from "@shared/death-verification";
import { LoadFailure } from "@/components/load-failure";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { formatDateTime } from "@/lib/format";
import {
  evidenceHref,
  useAnswerDeathVerification,
  useDeathVerificationRequests,
} from "@/features/death-verification/api/requests";
import { AppealDialog } from "@/features/death-verification/components/appeal-dialog";
import { EvidenceForm } from "@/features/death-verification/components/evidence-form";
import { EvidenceList } from "@/features/death-verification/components/evidence-list";
import { StatusBadge } from "@/features/death-verification/components/status-badge";

function AnswerButtons({ request }: { request: DeathVerificationRequestDto }) {
  const answer = useAnswerDeathVerification(request.id);
  const send = async (decision: "confirm" | "deny") => {
    try {
      await answer.mutateAsync({ decision });
      toast({ title: "Thank you", description: "Your answer was recorded.", variant: "success" });
    } catch (error) {
      toast({ title: "Error", description: describeFailure(error), variant: "destructive" });
    }
  };
  return (
    <div className="flex gap-2">
      <Button size="sm" disabled={answer.isPending} onClick={() => void send("confirm")}>
        Confirm the death
      </Button>
      <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => void send("deny")}>
        Deny
      </Button>
    </div>
  );
}

function RequestItem({ request }: { request: DeathVerificationRequestDto }) {
  const open = request.status === "pending" || request.status === "in_review" || request.status === "appealed";
  return (
    <li className="grid gap-2 rounded-md border p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold">{request.subjectName}</p>
        <StatusBadge status={request.status} />
        {request.role === "requestor" ? <Badge variant="secondary">You reported</Badge> : null}
      </div>
      {request.role === "party" && request.canConfirm ? <AnswerButtons request={request} /> : null}
      {request.myDecision ? <p>You answered: {request.myDecision}</p> : null}
      {request.role === "requestor" ? (
        <>
          <p>
            {request.documents.length} document(s) · {request.confirmationCount} confirmation(s)
          </p>
          <EvidenceList documents={request.documents} hrefOf={(docId) => evidenceHref(request.id, docId)} />
          {request.notes ? <p>Reason given: {request.notes}</p> : null}
          {request.status === "appealed" && request.appealedAt ? (
            <p>
              You appealed on {formatDateTime(request.appealedAt)}: the reviewers are looking at it again.
              {request.appealReason ? ` Your reason: ${request.appealReason}` : ""}
            </p>
          ) : null}
          <AppealDialog request={request} />
          {open ? <EvidenceForm requestId={request.id} /> : null}
        </>
      ) : null}
    </li>
  );
}

/** The trusted party's requests: the ones they made (with evidence) and the ones they are asked to answer. */
export function PartyRequests() {
  const list = useDeathVerificationRequests();
  if (list.isPending) return <Spinner label="Loading requests..." showLabel />;
  if (list.error) {
    return <LoadFailure what="the death verification requests" onRetry={() => void list.refetch()} />;
  }
  const mine = list.data.filter((r) => r.role !== "subject");
  if (mine.length === 0) return <p className="text-sm text-muted-foreground">No death verification requests.</p>;
  return (
    <ul className="grid gap-3" aria-label="Death verification requests">
      {mine.map((r) => (
        <RequestItem key={r.id} request={r} />
      ))}
    </ul>
  );
}
