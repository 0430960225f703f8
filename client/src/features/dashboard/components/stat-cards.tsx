import { FolderLock, HardDrive, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import { formatBytes } from "@shared/format";
import { Card } from "@/components/ui/card";
import { useDashboardStats } from "@/features/dashboard/api/get-dashboard-stats";
import { QueryError } from "@/components/query-error";

type Stat = { label: string; value: string; caption?: string; icon: LucideIcon };

function StatCard({ label, value, caption, icon: Icon }: Stat) {
  return (
    <Card className="flex items-start justify-between gap-3 p-5">
      <div className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold tracking-tight">{value}</p>
        {caption ? <p className="text-xs text-muted-foreground">{caption}</p> : null}
      </div>
      <span className="rounded-md bg-muted p-2 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
    </Card>
  );
}

/** Total Assets, Beneficiaries, Trusted Parties and Storage Used, captioned with the user's real limit. */
export function StatCards() {
  const { data: stats, isPending, error, refetch } = useDashboardStats();
  if (error) return <QueryError what="your overview" error={error} onRetry={() => void refetch()} />;

  const cards: Stat[] = stats
    ? [
        { label: "Total Assets", value: String(stats.totalAssets), icon: FolderLock },
        { label: "Beneficiaries", value: String(stats.beneficiaries), icon: Users },
        { label: "Trusted Parties", value: String(stats.trustedParties), icon: ShieldCheck },
        {
          label: "Storage Used",
          value: formatBytes(stats.storageUsed),
          caption: `of ${formatBytes(stats.storageLimit)}`,
          icon: HardDrive,
        },
      ]
    : [];

  return (
    <section aria-label="Overview" aria-busy={isPending} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {isPending
        ? ["Total Assets", "Beneficiaries", "Trusted Parties", "Storage Used"].map((label) => (
            <Card key={label} className="grid gap-2 p-5">
              <p className="text-sm font-medium text-muted-foreground">{label}</p>
              <span className="h-8 w-16 animate-pulse rounded bg-muted" aria-hidden="true" />
              <span className="sr-only">Loading...</span>
            </Card>
          ))
        : cards.map((stat) => <StatCard key={stat.label} {...stat} />)}
    </section>
  );
}
