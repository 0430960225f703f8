import { decimalToCents } from "@shared/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAgentStats } from "@/features/agents/api/agent-dashboard";

/** "12.345600" → "$12.35", "-2.999000" → "−$3.00": the server keeps exact decimals; display rounds to cents. */
export function formatCommission(value: string): string {
  const cents = decimalToCents(value);
  return cents.startsWith("-") ? `−$${cents.slice(1)}` : `$${cents}`;
}

/** Spec 001 §2: Total Clients, Pending Invitations, Total Earnings, Business Status. */
export function AgentStats() {
  const stats = useAgentStats();
  const cards = stats.data
    ? [
        ["Total Clients", String(stats.data.totalClients)],
        ["Pending Invitations", String(stats.data.pendingInvitations)],
        ["Total Earnings", formatCommission(stats.data.totalEarnings)],
        ["Business Status", stats.data.businessStatus],
      ]
    : [];
  if (stats.error) return <p role="alert">Could not load your figures.</p>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {stats.isPending
        ? [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24" />)
        : cards.map(([title, value]) => (
            <Card key={title}>
              <CardHeader className="pb-2">
                <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
              </CardHeader>
              <CardContent className="text-2xl font-bold">{value}</CardContent>
            </Card>
          ))}
    </div>
  );
}
