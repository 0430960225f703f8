import { CheckCircle2, Printer } from "lucide-react";
import type { WillExecutionDto } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { executionPdfUrl, executionScanUrl } from "@/features/wills/api/execution-keys";
import { useMarkReady } from "@/features/wills/api/save-execution";
import { ExecutionStatus } from "@/features/wills/components/execution/execution-status";
import { ScanUploadForm } from "@/features/wills/components/execution/scan-upload-form";
import { describeFailure } from "@/lib/describe-failure";
import { formatDateTime } from "@/lib/format";

/** Print → mark ready → upload the signed pages, as far as the record's status allows. */
export function SigningSteps({ record }: { record: WillExecutionDto }) {
  const markReady = useMarkReady(record.willId);

  async function onReady() {
    try {
      await markReady.mutateAsync();
      toast({ title: "Ready to Sign", description: "Sign with both witnesses present, then upload the pages." });
    } catch (error) {
      toast({ title: "Could Not Mark Ready", description: describeFailure(error), variant: "destructive" });
    }
  }

  return (
    <Card aria-labelledby="signing-steps-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asChild>
            <h2 id="signing-steps-title">Print, sign, record</h2>
          </CardTitle>
          <ExecutionStatus status={record.status} />
        </div>
        <CardDescription>Version {record.version} of your will.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button asChild variant="outline" className="w-fit">
          <a href={executionPdfUrl(record.willId)} download>
            <Printer aria-hidden="true" />
            Print Will for Signing
          </a>
        </Button>
        {record.status === "draft" ? (
          <Button className="w-fit" disabled={markReady.isPending} onClick={() => void onReady()}>
            <CheckCircle2 aria-hidden="true" />
            {markReady.isPending ? "Marking..." : "Mark Ready to Sign"}
          </Button>
        ) : null}
        {record.status === "ready" ? <ScanUploadForm willId={record.willId} /> : null}
        {record.status === "executed" || record.status === "superseded" ? (
          <p className="text-sm">
            Signed and recorded {record.executedAt ? formatDateTime(record.executedAt) : ""}.{" "}
            {record.scan ? (
              <a className="underline" href={executionScanUrl(record.willId)} download>
                Download the signed pages ({record.scan.fileName})
              </a>
            ) : (
              "The scan was deleted from your files."
            )}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
