import type { PasskeySummary } from "@shared/validators/passkeys";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { useRenamePasskey } from "@/features/settings/api/passkeys";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { PasskeyNameForm } from "./passkey-name-form";

type RenamePasskeyDialogProps = { passkey: PasskeySummary | null; onOpenChange: (open: boolean) => void };

/** A new name for a passkey; the form starts from its current one each time it opens. */
export function RenamePasskeyDialog({ passkey, onOpenChange }: RenamePasskeyDialogProps) {
  const rename = useRenamePasskey();
  return (
    <Dialog open={passkey !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename passkey</DialogTitle>
          <DialogDescription>Only the name changes: the passkey keeps working as before.</DialogDescription>
        </DialogHeader>
        {passkey ? (
          <PasskeyNameForm
            key={passkey.id}
            defaultName={passkey.name}
            submitLabel="Save"
            pendingLabel="Saving..."
            onCancel={() => onOpenChange(false)}
            onSubmit={async ({ name }) => {
              try {
                await rename.mutateAsync({ id: passkey.id, name });
                toast({ title: "Passkey renamed", variant: "success" });
                onOpenChange(false);
                return undefined;
              } catch (error) {
                return parseApiError(error).message || describeFailure(error);
              }
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
