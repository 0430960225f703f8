import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { withServerReason } from "@/lib/describe-failure";
import { useCreateTypedAsset, useUpdateTypedAsset, type TypedAssetPayload } from "@/lib/typed-assets";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import { OnlineAccountForm } from "@/features/online-accounts/components/online-account-form";

type OnlineAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this account; absent for "Add Account". */
  account?: OnlineAccount;
};

/** Add/edit dialog (spec 001 §2); the form unmounts on close, so it reopens clean. */
export function OnlineAccountDialog({ open, onOpenChange, account }: OnlineAccountDialogProps) {
  const create = useCreateTypedAsset("online_accounts");
  const update = useUpdateTypedAsset("online_accounts");
  const isPending = create.isPending || update.isPending;

  async function save(payload: TypedAssetPayload) {
    try {
      if (account) {
        await update.mutateAsync({ id: account.id, body: payload });
        toast({ title: "Account Updated", description: "Your online account has been updated.", variant: "success" });
      } else {
        await create.mutateAsync(payload);
        toast({ title: "Account Added", description: "Your online account has been added.", variant: "success" });
      }
      onOpenChange(false);
    } catch (error) {
      const fallback = account ? "Failed to update online account" : "Failed to add online account";
      toast({ title: "Error", description: withServerReason(fallback, error), variant: "destructive" });
      throw error;
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{account ? "Edit Online Account" : "Add Online Account"}</DialogTitle>
          <DialogDescription>
            Fields marked * are required. Usernames, password hints, recovery and 2FA details are encrypted and shown
            only to you. Never store the password itself.
          </DialogDescription>
        </DialogHeader>
        <OnlineAccountForm
          key={account?.id ?? "new"}
          account={account}
          onSubmit={save}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
