import { TimeTriggersManager } from "@/features/triggers/components/time-triggers-manager";

/** Spec 001 §2 Time-Based Release Triggers. */
export function TimeTriggersPage() {
  return (
    <div className="grid gap-6">
      <title>Time-Based Release Triggers · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Time-Based Release Triggers</h1>
        <p className="text-muted-foreground">Decide when and how your assets are released to your beneficiaries.</p>
      </div>
      <TimeTriggersManager />
    </div>
  );
}
