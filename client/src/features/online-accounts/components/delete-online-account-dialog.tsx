import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { useDeleteAsset } from "@/lib/typed-assets";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";

type DeleteOnlineAccountDialogProps = { account: OnlineAccount | null; onClose: () => void };

/** The delete confirmation of spec 001 §2; the confirm button reads "Processing..." while it runs. */
export function DeleteOnlineAccountDialog({ account, onClose }: DeleteOnlineAccountDialogProps) {
  const deleteAccount = useDeleteAsset();

  function confirm() {
    if (!account) return;
    deleteAccount.mutate(
      { kind: "online_accounts", id: account.id },
      {
        onSuccess: () => {
          toast({ title: "Account Deleted", description: "The online account has been deleted.", variant: "success" });
          onClose();
        },
        onError: () => {
          toast({ title: "Error", description: "Failed to delete online account", variant: "destructive" });
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={account !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Online Account"
      description="Are you sure you want to delete this online account? This action cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Processing..."
      isPending={deleteAccount.isPending}
      onConfirm={confirm}
    />
  );
}
