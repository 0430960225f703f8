import type { TrustedPartyDto } from "@shared/api-types";
import { Badge } from "@/components/ui/badge";

const LABEL: Record<TrustedPartyDto["status"], string> = {
  inactive: "Invited",
  active: "Active",
  revoked: "Revoked",
};

/** Spec 001: active in the default style, anything else secondary. "inactive" reads as "Invited" to the owner. */
export function TrustedPartyStatusBadge({ status }: { status: TrustedPartyDto["status"] }) {
  return <Badge variant={status === "active" ? "default" : "secondary"}>{LABEL[status]}</Badge>;
}

/** What the owner should know about a pending invitation. */
export function invitationNote(party: TrustedPartyDto): string | null {
  if (party.status !== "inactive") return null;
  if (party.invitationMail === "waiting_for_your_email") {
    return "The invitation will be sent once you confirm your own e-mail address.";
  }
  const until = party.invitationExpiresAt ? new Date(party.invitationExpiresAt).toLocaleDateString() : null;
  return until ? `Invitation sent; the link works until ${until}.` : "Invitation sent.";
}
