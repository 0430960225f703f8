import { useState } from "react";
import type { TriggerDto } from "@shared/trigger-types";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { useTriggers } from "@/features/triggers/api/get-triggers";
import { useCancelTrigger } from "@/features/triggers/api/trigger-mutations";
import { TriggerFormDialog } from "@/features/triggers/components/trigger-form-dialog";
import { TriggerItem } from "@/features/triggers/components/trigger-item";
import { TriggerStats } from "@/features/triggers/components/trigger-stats";
import { describeFailure } from "@/lib/describe-failure";

/** Spec 001 §2 /time-triggers: stat cards, the list (four states), the create dialog, cancel with confirmation. */
export function TimeTriggersManager() {
  const { data, isLoading, isError, error } = useTriggers();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [cancelling, setCancelling] = useState<TriggerDto | null>(null);
  const cancelTrigger = useCancelTrigger();
  const triggers = data ?? [];

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancelTrigger.mutateAsync(cancelling.id);
      toast({ title: "Trigger Updated", description: "The trigger is cancelled.", variant: "success" });
    } catch (err) {
      toast({ title: "Failed to update trigger status.", description: describeFailure(err), variant: "destructive" });
    }
    setCancelling(null);
  };

  return (
    <div className="grid gap-6">
      <div className="flex justify-end">
        <Button onClick={() => setIsCreateOpen(true)}>Create Trigger</Button>
      </div>
      <TriggerStats triggers={triggers} />
      {isLoading ? <p className="text-sm text-muted-foreground">Loading triggers...</p> : null}
      {isError ? <p role="alert">Failed to load triggers: {describeFailure(error)}</p> : null}
      {!isLoading && !isError && triggers.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">No triggers set yet</p>
      ) : null}
      <div className="grid gap-4">
        {triggers.map((t) => (
          <TriggerItem key={t.id} trigger={t} onCancel={setCancelling} />
        ))}
      </div>
      <TriggerFormDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this trigger?"
        description="Nothing will be released by it. This cannot be undone: you would create a new trigger instead."
        confirmLabel="Cancel trigger"
        cancelLabel="Keep it"
        isPending={cancelTrigger.isPending}
        onConfirm={confirmCancel}
      />
    </div>
  );
}
