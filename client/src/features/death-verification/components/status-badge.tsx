import { Badge } from "@/components/ui/badge";

const LABELS: Record<string, string> = {
  pending: "Pending",
  in_review: "In review",
  verified: "Verified — waiting period",
  rejected: "Rejected",
  appealed: "Appealed",
  completed: "Completed",
};

/** Spec 001: statuses other than pending, in review and verified are shown in a failure style. */
export function StatusBadge({ status }: { status: string }) {
  const ok = status === "pending" || status === "in_review" || status === "verified";
  return <Badge variant={ok ? "secondary" : "destructive"}>{LABELS[status] ?? status}</Badge>;
}
