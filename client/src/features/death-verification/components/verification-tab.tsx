import type { DeathVerificationRequestDto } from "@shared/death-verification";
import { DEATH_VERIFICATION_MESSAGES } from "@shared/validators/death-verification";
import { LoadFailure } from "@/components/load-failure";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import {
  evidenceHref,
  useCreateDeathVerificationRequest,
  useDeathVerificationRequests,
} from "@/features/death-verification/api/requests";
import { EvidenceForm } from "@/features/death-verification/components/evidence-form";
import { EvidenceList } from "@/features/death-verification/components/evidence-list";
import { StatusBadge } from "@/features/death-verification/components/status-badge";

const CARDS = [
  {
    requestorType: "family_member" as const,
    title: "Family Member Request",
    text: "See what happens when a family member reports your death through the public form.",
  },
  {
    requestorType: "trusted_party" as const,
    title: "Trusted Party Request",
    text: "See what happens when one of your trusted parties reports your death.",
  },
];

const SOURCES = [
  "Ghana Health Service",
  "Births & Deaths Registry",
  "Ghana Card Verification",
  "Mobile Money Activity (inactivity pattern)",
];

function AboutMe({ requests }: { requests: DeathVerificationRequestDto[] }) {
  if (requests.length === 0) return <p className="text-sm text-muted-foreground">No requests about you.</p>;
  return (
    <ul className="grid gap-3" aria-label="Requests about you">
      {requests.map((r) => (
        <li key={r.id} className="grid gap-2 rounded-md border p-4 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{r.requestorType.replace(/_/g, " ")}</span>
            <StatusBadge status={r.status} />
            {r.rehearsal ? <Badge variant="outline">Rehearsal</Badge> : null}
          </div>
          <p>
            Score {r.verificationScore} / 100 · {r.documents.length} document(s)
            {r.waitingPeriodEnd ? ` · waiting period ends ${new Date(r.waitingPeriodEnd).toLocaleString()}` : ""}
          </p>
          <EvidenceList documents={r.documents} hrefOf={(docId) => evidenceHref(r.id, docId)} />
          {r.notes ? <p>Reason given for the rejection: {r.notes}</p> : null}
          {r.status === "appealed" ? (
            <p>
              The person who reported it appealed the rejection: it will be reviewed again. Signing in or checking in
              stops it.
            </p>
          ) : null}
          {r.rehearsal && (r.status === "pending" || r.status === "in_review") ? (
            <EvidenceForm requestId={r.id} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The owner's Verification tab: the spec's two initiate cards start a rehearsal (the owner cannot report their own
 * death): every message is marked as a test and nothing is ever released.
 */
export function VerificationTab() {
  const create = useCreateDeathVerificationRequest();
  const list = useDeathVerificationRequests();
  const start = async (requestorType: "family_member" | "trusted_party") => {
    try {
      await create.mutateAsync({
        requestorType,
        ghanaHealthServiceCheck: true,
        birthsDeathsRegistryCheck: true,
        familyConfirmation: true,
      });
      toast({ title: "Success", description: DEATH_VERIFICATION_MESSAGES.created, variant: "success" });
    } catch (error) {
      toast({
        title: "Error",
        description: `${DEATH_VERIFICATION_MESSAGES.createFailed}: ${describeFailure(error)}`,
        variant: "destructive",
      });
    }
  };
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        {CARDS.map((card) => (
          <Card key={card.requestorType}>
            <CardHeader>
              <CardTitle>{card.title}</CardTitle>
              <CardDescription>
                {card.text} A rehearsal: messages are marked as a test, nothing is released.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button disabled={create.isPending} onClick={() => void start(card.requestorType)}>
                Start a rehearsal
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Verification sources</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-inside list-disc text-sm">
            {SOURCES.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Requests about you</CardTitle>
        </CardHeader>
        <CardContent>
          {list.isPending ? <Spinner label="Loading requests..." showLabel /> : null}
          {list.error ? <LoadFailure what="your requests" onRetry={() => void list.refetch()} /> : null}
          {list.data ? <AboutMe requests={list.data.filter((r) => r.role === "subject")} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
