import { CircleCheck, FileIcon, X } from "lucide-react";
import { formatBytes } from "@shared/format";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";

export type UploadItem = {
  key: number;
  file: File;
  /** 0–100. */
  progress: number;
  status: "queued" | "uploading" | "done" | "failed";
};

const STATUS_TEXT: Record<UploadItem["status"], string> = {
  queued: "Ready",
  uploading: "Uploading",
  done: "Uploaded",
  failed: "Failed",
};

type UploadFileListProps = { items: readonly UploadItem[]; onRemove: (key: number) => void };

/** The chosen files, each with its own real progress bar (one request per file). */
export function UploadFileList({ items, onRemove }: UploadFileListProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Selected files" className="grid gap-2">
      {items.map(({ key, file, progress, status }) => (
        <li key={key} className="grid gap-2 rounded-md border border-border p-3">
          <div className="flex items-center gap-3">
            {status === "done" ? (
              <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <span className="min-w-0 flex-1 truncate text-sm font-medium" title={file.name}>
              {file.name}
            </span>
            <span className="shrink-0 text-xs text-muted-foreground">
              {formatBytes(file.size)} ·{" "}
              <span className={status === "failed" ? "text-destructive" : ""}>
                {status === "uploading" ? `${Math.round(progress)}%` : STATUS_TEXT[status]}
              </span>
            </span>
            {status === "done" ? null : (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemove(key)}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
          {status === "queued" ? null : <Progress value={progress} label={`Upload progress for ${file.name}`} />}
        </li>
      ))}
    </ul>
  );
}
