import { Badge } from "@/components/ui/badge";
import { capitalize } from "@/features/beneficiaries/lib/relationships";

/** Spec 000 §3: verified shows as the default badge, anything else as a secondary one. */
export function BeneficiaryStatusBadge({ status }: { status: string }) {
  return <Badge variant={status === "verified" ? "default" : "secondary"}>{capitalize(status)}</Badge>;
}
