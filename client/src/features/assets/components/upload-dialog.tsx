import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { UploadForm } from "@/features/assets/components/upload-form";

type UploadDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * "Upload Digital Assets" (spec 000 §2): used by the Assets screen and the dashboard's Add Assets button.
 * Stays open while a file is in flight; the form unmounts on close, so it always reopens empty.
 */
export function UploadDialog({ open, onOpenChange }: UploadDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !isBusy && onOpenChange(next)}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Upload Digital Assets</DialogTitle>
          <DialogDescription>
            Files are encrypted before they are stored. Each upload counts towards your plan&apos;s storage.
          </DialogDescription>
        </DialogHeader>
        <UploadForm
          onUploaded={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
          onBusyChange={setIsBusy}
        />
      </DialogContent>
    </Dialog>
  );
}
