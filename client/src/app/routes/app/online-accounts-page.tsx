import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import { DeleteOnlineAccountDialog } from "@/features/online-accounts/components/delete-online-account-dialog";
import { OnlineAccountDialog } from "@/features/online-accounts/components/online-account-dialog";
import { OnlineAccountList } from "@/features/online-accounts/components/online-account-list";
import { OnlineAccountsSummary } from "@/features/online-accounts/components/online-accounts-summary";

type Editing = { account?: OnlineAccount } | null;

/** /online-accounts (spec 001 §2). */
export function OnlineAccountsPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<OnlineAccount | null>(null);

  return (
    <div className="grid gap-6">
      <title>Online Accounts · Heirloom</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Online Accounts</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Manage your digital accounts for inheritance planning: what exists, who receives it and what should happen
            to it.
          </p>
        </div>
        <Button onClick={() => setEditing({})}>
          <Plus aria-hidden="true" />
          Add Account
        </Button>
      </div>

      <OnlineAccountsSummary />
      <section aria-labelledby="online-accounts-heading" className="grid gap-4">
        <h2 id="online-accounts-heading" className="text-xl font-semibold">
          Your accounts
        </h2>
        <OnlineAccountList
          onAdd={() => setEditing({})}
          onEdit={(account) => setEditing({ account })}
          onDelete={setDeleting}
        />
      </section>

      {editing ? (
        <OnlineAccountDialog open account={editing.account} onOpenChange={(open) => !open && setEditing(null)} />
      ) : null}
      <DeleteOnlineAccountDialog account={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
