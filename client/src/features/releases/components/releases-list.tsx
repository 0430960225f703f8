import { useState } from "react";
import type { OwnerReleaseDto } from "@shared/release-api";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { describeFailure } from "@/lib/describe-failure";
import { formatDate } from "@/lib/format";
import { useReleases } from "@/features/releases/api/get-releases";
import { ReleaseAccesses } from "@/features/releases/components/release-accesses";
import { RevokeReleaseDialog } from "@/features/releases/components/revoke-release-dialog";

const STATUS: Record<OwnerReleaseDto["status"], { label: string; variant: "secondary" | "success" | "outline" }> = {
  pending: { label: "Sent, not opened", variant: "secondary" },
  opened: { label: "Opened", variant: "success" },
  revoked: { label: "Revoked", variant: "outline" },
  expired: { label: "Expired", variant: "outline" },
};

const isLive = (r: OwnerReleaseDto) => r.status === "pending" || r.status === "opened";

function ReleaseCard({ release, onRevoke }: { release: OwnerReleaseDto; onRevoke: () => void }) {
  const status = STATUS[release.status];
  const items = `${release.itemCount} item${release.itemCount === 1 ? "" : "s"}`;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle asChild>
            <h2>For {release.beneficiaryName}</h2>
          </CardTitle>
          <CardDescription>
            {items} · released {formatDate(release.releasedAt)} ·{" "}
            {release.status === "revoked" && release.revokedAt
              ? `revoked ${formatDate(release.revokedAt)}`
              : `link valid until ${formatDate(release.expiresAt)}`}
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          {release.isTest ? <Badge variant="outline">Test</Badge> : null}
          <Badge variant={status.variant}>{status.label}</Badge>
          {isLive(release) ? (
            <Button variant="destructive" size="sm" onClick={onRevoke}>
              Revoke
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        <ReleaseAccesses accesses={release.accesses} />
      </CardContent>
    </Card>
  );
}

/** The owner's releases, newest first: what went to whom, who opened what, and a Revoke for each live one. */
export function ReleasesList() {
  const releases = useReleases();
  const [revoking, setRevoking] = useState<OwnerReleaseDto | null>(null);

  if (releases.isPending) return <Skeleton className="h-32 w-full" aria-label="Loading releases" />;
  if (releases.error) {
    return (
      <p role="alert" className="text-destructive">
        {describeFailure(releases.error)}
      </p>
    );
  }
  if (releases.data.length === 0) {
    return (
      <p className="text-muted-foreground">
        Nothing has been released yet. When one of your time triggers fires, the release appears here.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      {releases.data.map((r) => (
        <ReleaseCard key={r.id} release={r} onRevoke={() => setRevoking(r)} />
      ))}
      <RevokeReleaseDialog release={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
