import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { withServerReason } from "@/lib/describe-failure";
import { useSaveTypedAsset, type TypedAssetPayload } from "@/lib/typed-assets";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import { OnlineAccountForm } from "@/features/online-accounts/components/online-account-form";

type OnlineAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this account; absent for "Add Account". */
  account?: OnlineAccount;
};

/** Spec 001 §8 success notices. */
const ADDED = { title: "Account Added", description: "Your online account has been added." };
const UPDATED = { title: "Account Updated", description: "Your online account has been updated." };

/** Add/edit dialog (spec 001 §2); the form unmounts on close, so it reopens clean. */
export function OnlineAccountDialog({ open, onOpenChange, account }: OnlineAccountDialogProps) {
  const saveAccount = useSaveTypedAsset("online_accounts");

  async function save(payload: TypedAssetPayload) {
    try {
      await saveAccount.mutateAsync({ id: account?.id, body: payload });
      toast({ ...(account ? UPDATED : ADDED), variant: "success" });
      onOpenChange(false);
    } catch (error) {
      const fallback = account ? "Failed to update online account" : "Failed to add online account";
      toast({ title: "Error", description: withServerReason(fallback, error), variant: "destructive" });
      throw error;
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saveAccount.isPending && onOpenChange(next)}>
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
