import { useState } from "react";
import type { TriggerDto } from "@shared/trigger-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { useTestTrigger } from "@/features/triggers/api/trigger-mutations";
import { TriggerHistory } from "@/features/triggers/components/trigger-history";
import { describeCondition, describeNextStep, TRIGGER_TYPE_LABELS } from "@/features/triggers/lib/describe-trigger";
import { describeFailure } from "@/lib/describe-failure";

const STATUS_VARIANT = { pending: "accent", triggered: "default", completed: "success", cancelled: "outline" } as const;

type Props = { trigger: TriggerDto; onCancel: (trigger: TriggerDto) => void };

/** One trigger: its type, beneficiary, condition, next step in words and date, and its history on demand. */
export function TriggerItem({ trigger, onCancel }: Props) {
  const [showHistory, setShowHistory] = useState(false);
  const testTrigger = useTestTrigger();
  const sendTest = async () => {
    try {
      await testTrigger.mutateAsync(trigger.id);
      toast({ title: "Test sent", description: "Check your e-mail. Nothing was released.", variant: "success" });
    } catch (error) {
      toast({ title: "Failed to send the test.", description: describeFailure(error), variant: "destructive" });
    }
  };
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">
            {TRIGGER_TYPE_LABELS[trigger.triggerType]} for {trigger.beneficiaryName}
          </h3>
          <Badge variant={STATUS_VARIANT[trigger.status]}>{trigger.status}</Badge>
        </div>
        <p className="text-sm">{describeCondition(trigger)}</p>
        <p className="text-sm font-medium">{describeNextStep(trigger)}</p>
        {trigger.description ? <p className="text-sm text-muted-foreground">{trigger.description}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setShowHistory((v) => !v)} aria-expanded={showHistory}>
            {showHistory ? "Hide history" : "History"}
          </Button>
          {trigger.status === "pending" ? (
            <>
              <Button variant="outline" size="sm" disabled={testTrigger.isPending} onClick={sendTest}>
                {testTrigger.isPending ? "Sending..." : "Test this trigger"}
              </Button>
              <Button variant="destructive" size="sm" onClick={() => onCancel(trigger)}>
                Cancel trigger
              </Button>
            </>
          ) : null}
        </div>
        {showHistory ? <TriggerHistory id={trigger.id} /> : null}
      </CardContent>
    </Card>
  );
}
