import { Globe, Plus, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormError } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { parseApiError } from "@/lib/api-client";
import { useTypedAssets } from "@/lib/typed-assets";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import { OnlineAccountCard } from "@/features/online-accounts/components/online-account-card";

type OnlineAccountListProps = {
  onAdd: () => void;
  onEdit: (account: OnlineAccount) => void;
  onDelete: (account: OnlineAccount) => void;
};

/** The account list in its four states: loading, error, empty, data. */
export function OnlineAccountList({ onAdd, onEdit, onDelete }: OnlineAccountListProps) {
  const accounts = useTypedAssets("online_accounts");

  if (accounts.isPending) {
    return (
      <Card className="flex justify-center py-12">
        <Spinner label="Loading online accounts..." showLabel />
      </Card>
    );
  }
  if (accounts.isError) {
    return (
      <Card>
        <CardContent className="grid justify-items-start gap-3 pt-6">
          <FormError message={`Your online accounts could not be loaded. ${parseApiError(accounts.error).message}`} />
          <Button variant="outline" onClick={() => void accounts.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (accounts.data.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
          <span className="rounded-full bg-muted p-4 text-primary">
            <Globe className="size-8" aria-hidden="true" />
          </span>
          <div className="grid gap-1">
            <h3 className="text-lg font-semibold">No online accounts added yet</h3>
            <p className="max-w-md text-sm text-muted-foreground">
              Record your e-mail, social media, banking and other accounts so your beneficiaries know what exists and
              what to do with it.
            </p>
          </div>
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" />
            Add Your First Account
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <ul aria-label="Online accounts" className="grid gap-4">
      {accounts.data.map((account) => (
        <li key={account.id}>
          <OnlineAccountCard account={account} onEdit={onEdit} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}
