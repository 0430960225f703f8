import { Globe, ShieldCheck, TriangleAlert, UserCheck, type LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { useTypedAssets } from "@/lib/typed-assets";
import { field, priorityOf } from "@/features/online-accounts/lib/account-display";

/** The four summary cards of spec 001 §2. */
export function OnlineAccountsSummary() {
  const { data, isPending } = useTypedAssets("online_accounts");
  const accounts = data ?? [];
  const cards: { label: string; value: number; icon: LucideIcon }[] = [
    { label: "Total Accounts", value: accounts.length, icon: Globe },
    { label: "High Priority", value: accounts.filter((a) => priorityOf(a) === "high").length, icon: TriangleAlert },
    {
      label: "Assigned to a Beneficiary",
      value: accounts.filter((a) => a.assignedToBeneficiary !== null).length,
      icon: UserCheck,
    },
    { label: "With 2FA", value: accounts.filter((a) => field(a, "twoFactorInfo") !== null).length, icon: ShieldCheck },
  ];
  return (
    <section aria-label="Online account summary" aria-busy={isPending}>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="grid gap-1 p-5">
            <dt className="flex items-start justify-between gap-3 text-sm font-medium text-muted-foreground">
              {label}
              <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            </dt>
            <dd className="text-3xl font-bold tabular-nums">{isPending ? "–" : value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
