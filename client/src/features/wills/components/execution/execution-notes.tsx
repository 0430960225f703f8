import { AlertTriangle, ListChecks } from "lucide-react";
import type { WillExecutionDto } from "@shared/api-types";
import { EXECUTION_CHECKLIST, NOT_LEGAL_ADVICE } from "@shared/validators/will-executions";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The formalities in plain words, shown before printing, with the not-legal-advice notice. */
export function ExecutionChecklist() {
  return (
    <Card aria-labelledby="execution-checklist-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="execution-checklist-title" className="flex items-center gap-2">
            <ListChecks className="size-5 text-primary" aria-hidden="true" />
            Before you sign
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ol className="list-decimal grid gap-1 pl-5">
          {EXECUTION_CHECKLIST.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
        <p className="text-muted-foreground">{NOT_LEGAL_ADVICE}</p>
      </CardContent>
    </Card>
  );
}

/** Warnings, never blocks: what could make the will or a gift in it fail. */
export function ExecutionWarnings({ warnings }: { warnings: WillExecutionDto["warnings"] }) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-labelledby="execution-warnings-title"
      className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm"
    >
      <h2 id="execution-warnings-title" className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4" aria-hidden="true" />
        Check these before signing
      </h2>
      <ul className="grid list-disc gap-1 pl-5">
        {warnings.map((w) => (
          <li key={`${w.code}:${w.message}`}>{w.message}</li>
        ))}
      </ul>
    </section>
  );
}
