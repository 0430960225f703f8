import { Info } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

/** Spec 000 §2: only one will is active; earlier versions are archived. */
export function WillInfoCard() {
  return (
    <Card className="bg-muted/60">
      <CardContent className="flex gap-3 pt-6 text-sm">
        <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 className="font-semibold">One active will</h2>
          <p className="text-muted-foreground">
            Only one will is active at a time. Each time you save, the new text becomes your current will and the
            earlier versions are archived in Will History.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
