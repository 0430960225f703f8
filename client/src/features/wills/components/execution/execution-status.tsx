import type { WillExecutionDto } from "@shared/api-types";
import { Badge } from "@/components/ui/badge";

const LABELS: Record<WillExecutionDto["status"], string> = {
  draft: "Draft",
  ready: "Ready to sign",
  executed: "Executed",
  superseded: "Superseded",
};

/** The record's status in words; executed is the only one in colour. */
export function ExecutionStatus({ status }: { status: WillExecutionDto["status"] }) {
  return <Badge variant={status === "executed" ? "success" : "outline"}>{LABELS[status]}</Badge>;
}
