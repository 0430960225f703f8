import { useId, useState } from "react";
import { Upload } from "lucide-react";
import type { RestoreResult } from "@shared/backup-format";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { parseApiError } from "@/lib/api-client";
import { useRestoreBackup } from "@/features/backup/api/restore-backup";
import {
  RestoreDone,
  RestoreFailed,
  RestorePreview,
  RestoreProgress,
} from "@/features/backup/components/restore-steps";
import { totalCount } from "@/features/backup/lib/describe";

type Step =
  | { name: "choose" }
  | { name: "checking"; file: File; progress: number }
  | { name: "preview"; file: File; result: RestoreResult }
  | { name: "restoring"; file: File; progress: number; preview: RestoreResult }
  | { name: "done"; result: RestoreResult }
  | { name: "failed"; message: string };

function failureMessage(error: unknown): string {
  const { status, message } = parseApiError(error);
  return status === 413 || status === 402 || message ? message : "The backup could not be restored.";
}

/**
 * Restore a backup made by export: choosing a file uploads it for a preview (the server's dry run, which checks it
 * exactly as the restore will), the user confirms, then it uploads again and is restored, with upload progress both
 * times. The server adds everything or nothing.
 */
export function RestoreCard() {
  const id = useId();
  const [step, setStep] = useState<Step>({ name: "choose" });
  const restore = useRestoreBackup();
  const fail = (error: unknown) => {
    const message = failureMessage(error);
    setStep({ name: "failed", message });
    toast({ title: "Restore Failed", description: message, variant: "destructive" });
  };

  function preview(file: File) {
    setStep({ name: "checking", file, progress: 0 });
    const onProgress = (progress: number) => setStep({ name: "checking", file, progress });
    restore.mutate(
      { file, dryRun: true, onProgress },
      { onSuccess: (result) => setStep({ name: "preview", file, result }), onError: fail },
    );
  }

  function confirm(file: File, previewResult: RestoreResult) {
    setStep({ name: "restoring", file, progress: 0, preview: previewResult });
    const onProgress = (progress: number) => setStep({ name: "restoring", file, progress, preview: previewResult });
    restore.mutate(
      { file, dryRun: false, onProgress },
      {
        onSuccess: (result) => {
          setStep({ name: "done", result });
          toast({ title: "Backup Restored", description: "Your backup was restored.", variant: "success" });
        },
        onError: fail,
      },
    );
  }

  const isBusy = step.name === "checking" || step.name === "restoring";
  return (
    <Card aria-labelledby="restore-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="restore-title">Restore a backup</h2>
        </CardTitle>
        <CardDescription>
          Bring back a JSON or ZIP backup made with Download Backup. Its records are added to this account as new
          entries; nothing you have now is changed or removed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField id={id} label="Backup file" hint="A .json or .zip backup, up to 1 GB.">
          <Input
            id={id}
            type="file"
            accept=".json,.zip,application/json,application/zip"
            disabled={isBusy}
            aria-describedby={`${id}-hint`}
            className="h-auto cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) preview(file);
            }}
          />
        </FormField>
        {step.name === "checking" ? <RestoreProgress label="Preview" fraction={step.progress} /> : null}
        {step.name === "preview" ? (
          <>
            <RestorePreview fileName={step.file.name} result={step.result} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => confirm(step.file, step.result)} disabled={totalCount(step.result.created) === 0}>
                <Upload aria-hidden="true" />
                Restore Backup
              </Button>
              <Button variant="outline" onClick={() => setStep({ name: "choose" })}>
                Cancel
              </Button>
            </div>
          </>
        ) : null}
        {step.name === "restoring" ? <RestoreProgress label="Restore" fraction={step.progress} /> : null}
        {step.name === "done" ? <RestoreDone result={step.result} /> : null}
        {step.name === "failed" ? <RestoreFailed message={step.message} /> : null}
      </CardContent>
    </Card>
  );
}
