import type { ReactNode } from "react";
import { formatBytes } from "@shared/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminStats } from "@/features/admin/api/get-admin-overview";
import { describeFailure } from "@/lib/describe-failure";
import { formatMoney } from "@/lib/format";

function StatCard({ title, value, note }: { title: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

const growthNote = (growth: number | null) =>
  growth === null ? "No payments last month" : `${growth > 0 ? "+" : ""}${growth}% from last month`;

/** Spec 001 §2 stat cards: total users, active agents, monthly revenue, total storage — every figure from real rows. */
export function StatCards() {
  const stats = useAdminStats();
  if (stats.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the platform's figures: {describeFailure(stats.error)}
      </p>
    );
  }
  const s = stats.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard title="Total Users" value={s.totalUsers} note={`${s.newUsersThisMonth} new this month`} />
      <StatCard title="Active Agents" value={s.activeAgents} note={`${s.pendingAgents} pending verification`} />
      <StatCard
        title="Monthly Revenue"
        value={formatMoney(Number(s.monthlyRevenue), { currency: s.currency })}
        note={
          s.paymentsMode === "test"
            ? `Test mode payments · ${growthNote(s.revenueGrowth)}`
            : growthNote(s.revenueGrowth)
        }
      />
      <StatCard title="Total Storage" value={formatBytes(s.totalStorageUsed)} note={`${s.totalStorageGB} GB in use`} />
    </div>
  );
}
