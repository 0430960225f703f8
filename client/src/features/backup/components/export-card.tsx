import { useRef, useState, type MouseEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import type { ExportFormat } from "@shared/backup-format";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { parseApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { backupKeys, exportUrl } from "@/features/backup/api/backup-keys";
import { getExportHistoryQueryOptions } from "@/features/backup/api/get-export-history";
import { FORMAT_OPTIONS } from "@/features/backup/lib/describe";
import { getRecentAuth } from "@/features/backup/api/reauth";
import { ReauthDialog } from "@/features/backup/components/reauth-dialog";

const REFRESH_AFTER_MS = 1500;

function exportFailed(message: string) {
  toast({ title: "Export Failed", description: message || "Failed to create backup.", variant: "destructive" });
}

/**
 * Spec 000 §2: format choice and Download Backup. The button is a real `<a href download>`, so the browser streams
 * even a large ZIP straight to disk. What can be known beforehand is checked first (signed in, no export of this
 * account already running → "Export Failed"; a sign-in older than 15 minutes → the password is asked for first); then
 * the same link is followed and "Export Successful" shown.
 */
export function ExportCard() {
  const [format, setFormat] = useState<ExportFormat>("json");
  const link = useRef<HTMLAnchorElement>(null);
  const isChecked = useRef(false);
  const [isAskingPassword, setIsAskingPassword] = useState(false);
  const queryClient = useQueryClient();

  function download() {
    isChecked.current = true;
    link.current?.click();
  }

  async function onDownload(event: MouseEvent<HTMLAnchorElement>) {
    if (isChecked.current) {
      isChecked.current = false; // the checked, programmatic click: let the browser download
      toast({ title: "Export Successful", description: "Your backup is downloading.", variant: "success" });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: backupKeys.history() }), REFRESH_AFTER_MS);
      return;
    }
    event.preventDefault();
    try {
      const history = await queryClient.fetchQuery({ ...getExportHistoryQueryOptions(), staleTime: 0 });
      if (history.isRunning) return exportFailed("An export is already running. Please wait for it to finish.");
      // the export would answer 401 (and the browser save that answer as the file): ask for the password first
      if (!(await getRecentAuth()).recentUntil) return setIsAskingPassword(true);
    } catch (error) {
      return exportFailed(parseApiError(error).message);
    }
    download();
  }

  return (
    <Card aria-labelledby="export-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="export-title">Export your data</h2>
        </CardTitle>
        <CardDescription>Download a copy of everything in your estate plan.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Backup format</legend>
          {FORMAT_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors",
                format === option.value ? "border-primary bg-primary/5" : "border-border hover:bg-muted",
              )}
            >
              <input
                type="radio"
                name="backup-format"
                value={option.value}
                checked={format === option.value}
                onChange={() => setFormat(option.value)}
                className="mt-0.5 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{option.label}</span>
                <span className="text-muted-foreground">{option.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <a
          ref={link}
          href={exportUrl(format)}
          download
          onClick={(event) => void onDownload(event)}
          className={cn(buttonVariants(), "w-fit")}
        >
          <Download aria-hidden="true" />
          Download Backup
        </a>
        <ReauthDialog
          open={isAskingPassword}
          onOpenChange={setIsAskingPassword}
          onConfirmed={() => {
            setIsAskingPassword(false);
            download();
          }}
        />
      </CardContent>
    </Card>
  );
}
