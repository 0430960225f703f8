import type { TriggerDto } from "@shared/trigger-types";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const STATS = [
  { label: "Total", count: (all: TriggerDto[]) => all.length },
  { label: "Pending", count: (all: TriggerDto[]) => all.filter((t) => t.status === "pending").length },
  { label: "Triggered", count: (all: TriggerDto[]) => all.filter((t) => t.status === "triggered").length },
  { label: "Completed", count: (all: TriggerDto[]) => all.filter((t) => t.status === "completed").length },
];

/** Spec 001 §2: the four stat cards. */
export function TriggerStats({ triggers }: { triggers: TriggerDto[] }) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {STATS.map((s) => (
        <Card key={s.label}>
          <CardHeader className="pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{s.label}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-bold" aria-label={`${s.label}: ${s.count(triggers)}`}>
              {s.count(triggers)}
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
