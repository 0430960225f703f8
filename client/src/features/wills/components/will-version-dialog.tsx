import type { WillDto } from "@shared/api-types";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { WillDiff } from "@/features/wills/components/will-diff";
import { formatDateTime } from "@/lib/format";

type WillVersionDialogProps = {
  /** The archived version being looked at; null closes the dialog. */
  version: WillDto | null;
  current: WillDto | null;
  onClose: () => void;
};

/** An archived will, read-only, and its differences from the current one. */
export function WillVersionDialog({ version, current, onClose }: WillVersionDialogProps) {
  return (
    <Dialog open={version !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {version ? (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">
                Version {version.version}: {version.title}
              </DialogTitle>
              <DialogDescription>Archived will saved {formatDateTime(version.createdAt)}. Read-only.</DialogDescription>
            </DialogHeader>
            <Tabs defaultValue="read">
              <TabsList>
                <TabsTrigger value="read">Read</TabsTrigger>
                <TabsTrigger value="compare" disabled={!current}>
                  Compare with current
                </TabsTrigger>
              </TabsList>
              <TabsContent value="read">
                <div className="max-h-[50vh] overflow-y-auto rounded-md border border-border bg-background p-4 text-sm leading-relaxed break-words whitespace-pre-wrap">
                  {version.content}
                </div>
              </TabsContent>
              {current ? (
                <TabsContent value="compare" className="grid gap-2">
                  {version.title !== current.title ? (
                    <p className="text-sm break-words">
                      Title changed from “{version.title}” to “{current.title}”.
                    </p>
                  ) : null}
                  <WillDiff
                    before={version.content}
                    after={current.content}
                    label={`Changes from version ${version.version} to the current will`}
                  />
                </TabsContent>
              ) : null}
            </Tabs>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
