import { FileSignature } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { QueryError } from "@/components/query-error";
import { paths } from "@/config/paths";
import { executionScanUrl } from "@/features/wills/api/execution-keys";
import { useCurrentExecution } from "@/features/wills/api/get-execution";
import { useWills } from "@/features/wills/api/get-wills";
import { ExecutionStatus } from "@/features/wills/components/execution/execution-status";
import { LocationDialog } from "@/features/wills/components/execution/location-dialog";
import { WillDiff } from "@/features/wills/components/will-diff";
import { formatDateTime } from "@/lib/format";

/** The current executed will: its status, where the original is kept, its scan, and what changed since. */
export function ExecutedWillCard() {
  const { data: record, error, refetch, isPending } = useCurrentExecution();
  const { data: wills } = useWills();
  if (error) return <QueryError what="your signed will" error={error} onRetry={() => void refetch()} />;
  if (isPending) return null;
  const signLink = (
    <Button asChild variant="outline" size="sm" className="w-fit">
      <Link href={paths.willSigning.getHref()}>Prepare Your Will for Signing</Link>
    </Button>
  );
  if (!record) {
    return (
      <Card>
        <CardContent className="grid gap-3 pt-6 text-sm">
          <h2 className="font-semibold">Not signed yet</h2>
          <p className="text-muted-foreground">
            A will counts once it is signed on paper in front of two witnesses. Prepare, print and record it here.
          </p>
          {signLink}
        </CardContent>
      </Card>
    );
  }
  const executed = wills?.find((w) => w.id === record.willId);
  const active = wills?.find((w) => w.isActive);
  return (
    <Card aria-labelledby="executed-will-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asChild>
            <h2 id="executed-will-title" className="flex items-center gap-2">
              <FileSignature className="size-5 text-primary" aria-hidden="true" />
              Signed will: version {record.version}
            </h2>
          </CardTitle>
          <ExecutionStatus status={record.status} />
        </div>
        <CardDescription>
          Signed at {record.place}
          {record.executedAt ? `, recorded ${formatDateTime(record.executedAt)}` : ""}. Witnesses:{" "}
          {record.witnesses.map((w) => w.fullName).join(" and ") || "none named"}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          <span className="font-medium">Original kept at: </span>
          {record.originalLocation ?? "not recorded yet"}
        </p>
        <div className="flex flex-wrap gap-2">
          <LocationDialog willId={record.willId} current={record.originalLocation} />
          {record.scan ? (
            <Button asChild variant="outline" size="sm">
              <a href={executionScanUrl(record.willId)} download>
                Download Signed Pages
              </a>
            </Button>
          ) : null}
          {signLink}
        </div>
        {executed && active && active.id !== executed.id ? (
          <div className="grid gap-2">
            <h3 className="font-semibold">Changed since the signed version</h3>
            <p className="text-muted-foreground">
              Your current text is not signed yet: until it is, version {record.version} is the will that counts.
            </p>
            <WillDiff
              before={executed.content}
              after={active.content}
              label={`Changes from the signed version ${record.version} to the current will`}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
