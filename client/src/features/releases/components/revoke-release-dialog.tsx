import type { OwnerReleaseDto } from "@shared/release-api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { useRevokeRelease } from "@/features/releases/api/revoke-release";

type RevokeReleaseDialogProps = {
  /** The release to revoke; null closes the dialog. */
  release: OwnerReleaseDto | null;
  onClose: () => void;
};

export function RevokeReleaseDialog({ release, onClose }: RevokeReleaseDialogProps) {
  const revoke = useRevokeRelease();
  const name = release?.beneficiaryName ?? "";

  const confirm = () => {
    if (!release) return;
    revoke.mutate(
      { id: release.id },
      {
        onSuccess: () => {
          toast({ title: "Release Revoked", description: `${name}'s link no longer works.`, variant: "success" });
          onClose();
        },
        onError: (error) => {
          toast({ title: "Failed to Revoke Release", description: describeFailure(error), variant: "destructive" });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={release !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Revoke this release?"
      description={
        <>
          The link sent to <span className="font-medium text-foreground">{name}</span> stops working at once, also if
          they have the page open. This cannot be undone.
        </>
      }
      confirmLabel="Revoke"
      pendingLabel="Revoking..."
      isPending={revoke.isPending}
      onConfirm={confirm}
    />
  );
}
