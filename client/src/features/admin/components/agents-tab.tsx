import { useState } from "react";
import type { AdminAgentDto } from "@shared/admin-api";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminAgents, useSetCommission, useVerifyAgent } from "@/features/admin/api/agents";
import { CommissionDialog } from "@/features/admin/components/commission-dialog";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { formatMoney } from "@/lib/format";

const nameOf = (a: AdminAgentDto) => [a.firstName, a.lastName].filter(Boolean).join(" ") || a.email;

/** Agent Oversight: pending and verified agents, Verify Agent, the commission control, clients and earnings. */
export function AgentsTab() {
  const agents = useAdminAgents();
  const verify = useVerifyAgent();
  const commission = useSetCommission();
  const [editing, setEditing] = useState<AdminAgentDto | null>(null);

  const verifyAgent = async (agent: AdminAgentDto) => {
    try {
      await verify.mutateAsync({ userId: agent.userId });
      toast({ title: "Agent Verified", description: `${nameOf(agent)} is now verified.`, variant: "success" });
    } catch (error) {
      toast({
        title: "Error",
        description: `Failed to verify agent. ${describeFailure(error)}`,
        variant: "destructive",
      });
    }
  };
  const saveCommission = async (commissionRate: number) => {
    if (!editing) return;
    try {
      await commission.mutateAsync({ agentId: editing.userId, commissionRate });
    } catch (error) {
      toast({ title: "Error", description: "Failed to update commission rate.", variant: "destructive" });
      throw error;
    }
    toast({ title: "Commission Updated", description: `${nameOf(editing)}: ${commissionRate}%.`, variant: "success" });
    setEditing(null);
  };

  const groups = [
    { title: "Pending Agents", rows: agents.data?.filter((a) => !a.isVerified) ?? [] },
    { title: "Verified Agents", rows: agents.data?.filter((a) => a.isVerified) ?? [] },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agent Oversight</CardTitle>
        <CardDescription>Verify agents, set their commission and follow their clients and earnings.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {agents.isPending ? <Skeleton className="h-32 w-full" /> : null}
        {agents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load agents: {describeFailure(agents.error)}
          </p>
        ) : null}
        {agents.data
          ? groups.map((group) => (
              <section key={group.title} aria-label={group.title} className="grid gap-2">
                <h3 className="font-semibold">{group.title}</h3>
                {group.rows.length === 0 ? <p className="text-sm text-muted-foreground">None.</p> : null}
                {group.rows.map((a) => (
                  <div
                    key={a.userId}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
                  >
                    <div>
                      <div className="font-medium">{nameOf(a)}</div>
                      <div className="text-xs text-muted-foreground">
                        {a.email} · {a.clientCount} clients · earnings {formatMoney(Number(a.earnings))} · commission{" "}
                        {a.commissionRate ? `${a.commissionRate}%` : "not set"}
                      </div>
                    </div>
                    <div className="flex items-center gap-2">
                      <Badge variant={a.isVerified ? "success" : "secondary"}>
                        {a.isVerified ? "Verified" : "Pending"}
                      </Badge>
                      {a.isVerified ? null : (
                        <Button size="sm" onClick={() => void verifyAgent(a)} disabled={verify.isPending}>
                          Verify Agent
                        </Button>
                      )}
                      <Button size="sm" variant="outline" onClick={() => setEditing(a)}>
                        Edit Commission
                      </Button>
                    </div>
                  </div>
                ))}
              </section>
            ))
          : null}
      </CardContent>
      <CommissionDialog
        agent={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onSave={({ commissionRate }) => saveCommission(commissionRate)}
      />
    </Card>
  );
}
