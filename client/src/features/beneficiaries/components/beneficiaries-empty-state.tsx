import { UserPlus, Users } from "lucide-react";
import { Button } from "@/components/ui/button";

/** No beneficiaries yet (spec 000 §2): one clear way to add the first. */
export function BeneficiariesEmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
      <span className="rounded-full bg-muted p-4 text-primary">
        <Users className="size-8" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">No beneficiaries yet</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Name the people who should receive your assets. Each one gets an e-mail to confirm who they are.
        </p>
      </div>
      <Button onClick={onAdd}>
        <UserPlus aria-hidden="true" />
        Add Your First Beneficiary
      </Button>
    </div>
  );
}
