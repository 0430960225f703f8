import { FolderLock, HardDrive, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import type { DashboardStats } from "@shared/api-types";
import { formatBytes } from "@shared/format";
import { QueryError } from "@/components/query-error";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useDashboardStats } from "@/features/dashboard/api/get-dashboard-stats";

type Stat = {
  label: string;
  icon: LucideIcon;
  value: (stats: DashboardStats) => string;
  caption?: (stats: DashboardStats) => string;
};

const STATS: readonly Stat[] = [
  { label: "Total Assets", icon: FolderLock, value: (s) => String(s.totalAssets) },
  { label: "Beneficiaries", icon: Users, value: (s) => String(s.beneficiaries) },
  { label: "Trusted Parties", icon: ShieldCheck, value: (s) => String(s.trustedParties) },
  {
    label: "Storage Used",
    icon: HardDrive,
    value: (s) => formatBytes(s.storageUsed),
    caption: (s) => `of ${formatBytes(s.storageLimit)}`,
  },
];

/** One card, loaded or not, in the same boxes: each line keeps its line height, so nothing moves on arrival. */
function StatCard({ stat, stats }: { stat: Stat; stats: DashboardStats | undefined }) {
  const Icon = stat.icon;
  return (
    <Card className="flex items-start justify-between gap-3 p-5">
      <div className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">{stat.label}</p>
        <p className="text-2xl font-bold tracking-tight">
          {stats ? stat.value(stats) : <Skeleton className="h-7 w-16" />}
        </p>
        {stat.caption ? (
          <p className="text-xs text-muted-foreground">
            {stats ? stat.caption(stats) : <Skeleton className="h-3 w-20" />}
          </p>
        ) : null}
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
  return (
    <section aria-label="Overview" aria-busy={isPending} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {isPending ? <span className="sr-only">Loading...</span> : null}
      {STATS.map((stat) => (
        <StatCard key={stat.label} stat={stat} stats={stats} />
      ))}
    </section>
  );
}
