import { createElement, useId, useState } from "react";
import { Eye, EyeOff, Pencil, ShieldCheck, Trash2, UserCheck } from "lucide-react";
import { humanize } from "@shared/asset-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import { PRIORITY_BADGE, accountTypeIcon, field, priorityOf } from "@/features/online-accounts/lib/account-display";
import { SensitiveInfoPanel } from "@/features/online-accounts/components/sensitive-info-panel";

type OnlineAccountCardProps = {
  account: OnlineAccount;
  onEdit: (account: OnlineAccount) => void;
  onDelete: (account: OnlineAccount) => void;
};

/** One account: type icon, name, priority and 2FA badges, platform and type, assignment, secrets toggle, instructions. */
export function OnlineAccountCard({ account, onEdit, onDelete }: OnlineAccountCardProps) {
  const panelId = useId();
  const [isRevealed, setIsRevealed] = useState(false);
  const name = field(account, "accountName") ?? account.title;
  const type = field(account, "accountType");
  const platform = field(account, "platform");
  const instructions = field(account, "instructions");
  const priority = priorityOf(account);

  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <span className="w-fit rounded-md bg-muted p-2.5 text-primary">
            {createElement(accountTypeIcon(type), { className: "size-5", "aria-hidden": true })}
          </span>
          <div className="grid flex-1 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold">{name}</h3>
              <Badge variant={PRIORITY_BADGE[priority]}>{humanize(priority)} priority</Badge>
              {field(account, "twoFactorInfo") ? (
                <Badge variant="success">
                  <ShieldCheck aria-hidden="true" />
                  2FA
                </Badge>
              ) : null}
            </div>
            <p className="text-sm text-muted-foreground">
              {[platform, type ? humanize(type) : null].filter(Boolean).join(" · ")}
            </p>
            {account.assignedToBeneficiary !== null ? (
              <p className="flex items-center gap-1.5 text-sm font-medium text-success">
                <UserCheck className="size-4" aria-hidden="true" />
                Assigned to beneficiary
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-expanded={isRevealed}
              aria-controls={isRevealed ? panelId : undefined}
              onClick={() => setIsRevealed((v) => !v)}
            >
              {isRevealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {isRevealed ? "Hide" : "Show"} Sensitive Info<span className="sr-only"> for {name}</span>
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label={`Edit ${name}`}
              onClick={() => onEdit(account)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 text-destructive hover:text-destructive"
              aria-label={`Delete ${name}`}
              onClick={() => onDelete(account)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>
        {isRevealed ? <SensitiveInfoPanel id={panelId} account={account} /> : null}
        {instructions ? (
          <div className="rounded-md border-l-4 border-accent bg-accent/10 p-3 text-sm">
            <p className="font-semibold">Instructions</p>
            <p className="mt-1 break-words whitespace-pre-wrap">{instructions}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
