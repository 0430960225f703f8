import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { useEndAgentLink, useMyAgent } from "@/features/agents/api/agent-invitation";
import { describeFailure } from "@/lib/describe-failure";

/** The client's settings: their agent (what the agent sees is their name, e-mail and plan) and ending the link. */
export function MyAgentSection() {
  const agent = useMyAgent();
  const end = useEndAgentLink();
  const [confirming, setConfirming] = useState(false);
  if (agent.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (agent.error) return <p role="alert">Could not load your agent.</p>;
  if (!agent.data) return <p className="text-sm">You have no agent. An agent's invitation link connects you.</p>;
  const { name, email, businessName, isVerified } = agent.data;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>
        <span className="font-medium">{name}</span>
        {businessName ? ` · ${businessName}` : ""} · {email} {isVerified ? "(verified)" : "(verification pending)"}
        <span className="block text-muted-foreground">They see your name, e-mail and plan, never your estate.</span>
      </p>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        End Link
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="End the link with your agent?"
        description={`${name} will no longer see you as a client or earn commission on your payments.`}
        confirmLabel="End Link"
        pendingLabel="Ending..."
        destructive
        isPending={end.isPending}
        onConfirm={() =>
          end.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: "Agent link ended", variant: "success" });
            },
            onError: (error) => toast({ title: "Error", description: describeFailure(error), variant: "destructive" }),
          })
        }
      />
    </div>
  );
}
