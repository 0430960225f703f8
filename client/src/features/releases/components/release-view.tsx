import { Download, FileText, Printer } from "lucide-react";
import { formatBytes } from "@shared/format";
import type { ReleasedFileDto, ReleasedRecordDto, ReleaseViewDto } from "@shared/release-api";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { releasedFileUrl } from "@/features/releases/api/release-keys";
import { ReleasedRecord } from "@/features/releases/components/released-record";
import { ReleasedSignedWills } from "@/features/releases/components/released-signed-wills";

/** What the owner left: their name and message, the files to download, the records. Plain and printable. */
export function ReleaseView({ view }: { view: ReleaseViewDto }) {
  const { release, assets } = view;
  const files = assets.filter((a): a is ReleasedFileDto => a.kind === "file");
  const records = assets.filter((a): a is ReleasedRecordDto => a.kind !== "file");
  return (
    <div className="grid gap-8">
      {release.isTest ? (
        <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          This is a test preview for {release.ownerName}: nothing has been released.
        </p>
      ) : null}
      <header className="grid gap-2">
        <p className="text-sm text-muted-foreground">For {release.beneficiaryName}</p>
        <h1 className="text-3xl font-bold tracking-tight">{release.ownerName} left this for you</h1>
        <p className="text-sm text-muted-foreground">
          Released on {formatDate(release.releasedAt)}. This page is available until {formatDate(release.expiresAt)}.
        </p>
      </header>
      {release.message ? (
        <section aria-label={`Message from ${release.ownerName}`}>
          <blockquote className="border-l-4 border-primary pl-4 text-lg whitespace-pre-wrap">
            {release.message}
          </blockquote>
        </section>
      ) : null}
      <section aria-labelledby="released-files" className="grid gap-3">
        <h2 id="released-files" className="text-xl font-semibold">
          Files
        </h2>
        {files.length === 0 ? <p className="text-sm text-muted-foreground">No files were released.</p> : null}
        <ul className="grid gap-2">
          {files.map((f) => (
            <li
              key={f.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3"
            >
              <span className="flex min-w-0 items-center gap-2">
                <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="truncate font-medium">{f.originalFileName}</span>
                <span className="text-sm text-muted-foreground">{formatBytes(f.fileSize)}</span>
              </span>
              <Button asChild size="sm" className="print:hidden">
                <a href={releasedFileUrl(release.id, f.id)} download aria-label={`Download ${f.originalFileName}`}>
                  <Download aria-hidden="true" />
                  Download
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </section>
      {view.signedWills ? <ReleasedSignedWills wills={view.signedWills} /> : null}
      <section aria-labelledby="released-records" className="grid gap-3">
        <h2 id="released-records" className="text-xl font-semibold">
          Records
        </h2>
        {records.length === 0 ? <p className="text-sm text-muted-foreground">No records were released.</p> : null}
        {records.map((r) => (
          <ReleasedRecord key={`${r.kind}-${r.id}`} record={r} />
        ))}
      </section>
      <div className="print:hidden">
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print this page
        </Button>
      </div>
    </div>
  );
}
