import { Download, FileText } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useActiveWill } from "@/features/wills/api/get-active-will";
import { willPdfUrl } from "@/features/wills/api/will-keys";
import { QueryError } from "@/components/query-error";
import { formatDateTime } from "@/lib/format";

/** The one active will, read-only, with its Current badge and PDF download. */
export function ActiveWillCard() {
  const { data: will, isPending, error, refetch } = useActiveWill();

  if (isPending) {
    return (
      <Card className="p-6">
        <Spinner label="Loading your will..." showLabel />
      </Card>
    );
  }
  if (error) return <QueryError what="your will" error={error} onRetry={() => void refetch()} />;
  if (!will) {
    return (
      <Card>
        <CardContent className="flex items-start gap-4 pt-6">
          <span className="rounded-full bg-muted p-3 text-primary">
            <FileText className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-semibold">No will yet</h2>
            <p className="text-sm text-muted-foreground">
              Write your first digital will below. Once saved it becomes your current will.
            </p>
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card aria-labelledby="active-will-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asChild>
            <h2 id="active-will-title" className="break-words">
              {will.title}
            </h2>
          </CardTitle>
          <Badge>Current</Badge>
        </div>
        <CardDescription>
          Version {will.version} · Last updated {formatDateTime(will.updatedAt)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="max-h-96 overflow-y-auto rounded-md border border-border bg-background p-4 text-sm leading-relaxed break-words whitespace-pre-wrap">
          {will.content}
        </div>
        <Button asChild variant="outline" className="w-fit">
          <a href={willPdfUrl(will.id)} download>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
