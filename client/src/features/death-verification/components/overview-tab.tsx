import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";

/**
 * What the overview shows of one death verification request (spec 001 §2: type, score out of 100, date, status).
 * The requests endpoint's own answer fits it, so the list can be passed straight in once it exists.
 */
export type VerificationRequestSummary = {
  id: number;
  requestorType: string;
  verificationScore: number;
  status: string;
  createdAt: string;
};

type OverviewTabProps = {
  requests: readonly VerificationRequestSummary[];
  /** The owner's trusted parties, and how many of them have accepted; undefined while loading. */
  trustedParties?: { total: number; active: number };
};

/** Spec 001: the 3 most recent requests on the overview. */
export const RECENT_REQUESTS = 3;
const OK_STATUSES = new Set(["pending", "in_review", "verified"]);
const words = (value: string) => value.replaceAll("_", " ");

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{label}</CardDescription>
        <CardTitle className="text-3xl">{value ?? "–"}</CardTitle>
      </CardHeader>
    </Card>
  );
}

/** The Overview tab of /death-verification (spec 001): counts, the "Ready" card and the most recent requests. */
export function OverviewTab({ requests, trustedParties }: OverviewTabProps) {
  const recent = [...requests].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_REQUESTS);
  const isReady = (trustedParties?.active ?? 0) > 0;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Count label="Verification requests" value={requests.length} />
        <Count label="Trusted parties" value={trustedParties?.total} />
      </div>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>Death verification</CardTitle>
            <Badge variant={isReady ? "success" : "secondary"}>{isReady ? "Ready" : "Not ready"}</Badge>
          </div>
          <CardDescription>
            {isReady
              ? "At least one trusted party has accepted: a death can be reported and verified before anything is distributed."
              : "No trusted party has accepted yet: name one in the Trusted Parties tab and ask them to accept the invitation."}
          </CardDescription>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Recent requests</CardTitle>
        </CardHeader>
        <CardContent>
          {recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">No verification requests</p>
          ) : (
            <ul className="grid gap-3" aria-label="Recent verification requests">
              {recent.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
                >
                  <div>
                    <p className="font-semibold capitalize">{words(r.requestorType)} request</p>
                    <p className="text-muted-foreground">
                      Score {r.verificationScore}/100 · {formatDate(r.createdAt)}
                    </p>
                  </div>
                  <Badge variant={OK_STATUSES.has(r.status) ? "default" : "destructive"} className="capitalize">
                    {words(r.status)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
