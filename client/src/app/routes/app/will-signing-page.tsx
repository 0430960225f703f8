import { Link } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { QueryError } from "@/components/query-error";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { useActiveWill } from "@/features/wills/api/get-active-will";
import { useExecution } from "@/features/wills/api/get-execution";
import { ExecutionForm } from "@/features/wills/components/execution/execution-form";
import { ExecutionChecklist, ExecutionWarnings } from "@/features/wills/components/execution/execution-notes";
import { SigningSteps } from "@/features/wills/components/execution/signing-steps";

function Signing({ willId }: { willId: number }) {
  const { user } = useAuth();
  const { data: record, isPending, error, refetch } = useExecution(willId);
  if (isPending) return <Spinner label="Loading the execution details..." showLabel />;
  if (error) return <QueryError what="the execution details" error={error} onRetry={() => void refetch()} />;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ");
  const isOpen = !record || record.status === "draft" || record.status === "ready";
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
      <div className="grid min-w-0 gap-6 lg:col-span-2">
        {record ? <ExecutionWarnings warnings={record.warnings} /> : null}
        {isOpen ? (
          <Card>
            <CardContent className="pt-6">
              <ExecutionForm key={record?.updatedAt ?? "new"} willId={willId} record={record} testatorName={name} />
            </CardContent>
          </Card>
        ) : null}
        {record ? <SigningSteps record={record} /> : null}
      </div>
      <ExecutionChecklist />
    </div>
  );
}

/** Issue 20: from the current will to a signed, witnessed and recorded document. */
export function WillSigningPage() {
  const { data: will, isPending, error, refetch } = useActiveWill();
  return (
    <div className="grid grid-cols-1 gap-8">
      <title>Sign Your Will · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Sign Your Will</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Under the Wills Act, 1971 (Act 360) a will is signed on paper by you in front of two witnesses, who then sign
          too. Fill in the details, print, sign, and upload the signed pages.
        </p>
      </div>
      {isPending ? <Spinner label="Loading your will..." showLabel /> : null}
      {error ? <QueryError what="your will" error={error} onRetry={() => void refetch()} /> : null}
      {!isPending && !error && !will ? (
        <p>
          Write your will first on the <Link href={paths.digitalWill.getHref()}>Digital Will</Link> page.
        </p>
      ) : null}
      {will ? <Signing willId={will.id} /> : null}
    </div>
  );
}
