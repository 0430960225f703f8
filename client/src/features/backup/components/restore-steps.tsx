import { CircleAlert, CircleCheck } from "lucide-react";
import type { RestoreResult } from "@shared/backup-format";
import { Progress } from "@/components/ui/progress";
import { describeCounts, totalCount } from "@/features/backup/lib/describe";

/** Upload progress, then an announced "checking" once every byte is sent and the server is at work. */
export function RestoreProgress({ label, fraction }: { label: string; fraction: number }) {
  const percent = Math.round(fraction * 100);
  const status = percent < 100 ? `${label}: uploading ${percent}%` : `${label}: checking the backup...`;
  return (
    <div className="grid gap-2">
      <Progress value={percent} label={label} />
      <p role="status" className="text-sm text-muted-foreground">
        {status}
      </p>
    </div>
  );
}

function CountList({ result }: { result: RestoreResult }) {
  const lines = describeCounts(result.created);
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
      {result.skippedFiles > 0 ? (
        <li className="text-muted-foreground">
          {result.skippedFiles} uploaded file(s) are listed but not included: a JSON backup carries file details only.
          Restore the ZIP backup to bring the files back.
        </li>
      ) : null}
    </ul>
  );
}

/** What the restore would add (the dry run's answer), before the user confirms. */
export function RestorePreview({ fileName, result }: { fileName: string; result: RestoreResult }) {
  const total = totalCount(result.created);
  return (
    <div className="grid gap-2 rounded-md border border-border bg-muted/40 p-4" aria-live="polite">
      <h3 className="font-semibold break-words">Preview of {fileName}</h3>
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">This backup holds no records to restore.</p>
      ) : (
        <>
          <p className="text-sm">Restoring adds these to your account, alongside what you already have:</p>
          <CountList result={result} />
        </>
      )}
    </div>
  );
}

export function RestoreDone({ result }: { result: RestoreResult }) {
  return (
    <div role="status" className="flex gap-3 rounded-md border border-success p-4">
      <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      <div className="grid gap-2">
        <h3 className="font-semibold">Restore complete</h3>
        <CountList result={result} />
      </div>
    </div>
  );
}

export function RestoreFailed({ message }: { message: string }) {
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-destructive p-4 text-sm">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid gap-1">
        <h3 className="font-semibold">Restore Failed</h3>
        <p className="break-words">{message}</p>
      </div>
    </div>
  );
}
