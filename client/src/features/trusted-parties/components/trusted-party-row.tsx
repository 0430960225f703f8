import { useState } from "react";
import type { TrustedPartyDto } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { useTrustedPartyAction, type TrustedPartyAction } from "@/features/trusted-parties/api/trusted-party-action";
import { TrustedPartyEditDialog } from "@/features/trusted-parties/components/trusted-party-edit-dialog";
import { invitationNote, TrustedPartyStatusBadge } from "@/features/trusted-parties/components/trusted-party-status";

const CONFIRM: Record<TrustedPartyAction, { title: string; label: string; done: string; body: (n: string) => string }> =
  {
    resend: {
      title: "Resend invitation?",
      label: "Resend",
      done: "Invitation sent again",
      body: (n) => `${n} gets a new link; the previous one stops working.`,
    },
    revoke: {
      title: "Revoke trusted party?",
      label: "Revoke",
      done: "Trusted party revoked",
      body: (n) => `${n} will no longer be able to act as your trusted party. Their invitation link stops working.`,
    },
    delete: {
      title: "Delete trusted party?",
      label: "Delete",
      done: "Trusted party deleted",
      body: (n) => `${n} is removed from your list for good.`,
    },
  };

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <p>
      <span className="text-muted-foreground">{label}: </span>
      {value}
    </p>
  );
}

/** One party in the owner's list: masked numbers, invitation status, and its actions behind one confirmation. */
export function TrustedPartyRow({ party }: { party: TrustedPartyDto }) {
  const [pending, setPending] = useState<TrustedPartyAction | null>(null);
  const [isEditing, setIsEditing] = useState(false);
  const resend = useTrustedPartyAction("resend");
  const revoke = useTrustedPartyAction("revoke");
  const remove = useTrustedPartyAction("delete");
  const mutation = { resend, revoke, delete: remove };
  const actions: TrustedPartyAction[] =
    party.status === "inactive" ? ["resend", "revoke"] : party.status === "active" ? ["revoke"] : ["delete"];
  const note = invitationNote(party);

  const run = async (action: TrustedPartyAction) => {
    try {
      await mutation[action].mutateAsync({ id: party.id });
      toast({ title: "Success", description: CONFIRM[action].done, variant: "success" });
      setPending(null);
    } catch (error) {
      toast({ title: "Error", description: describeFailure(error), variant: "destructive" });
    }
  };

  return (
    <li className="grid gap-2 rounded-md border p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">{party.trustedPersonName}</p>
          <p className="text-muted-foreground">
            {party.relationship} · {party.trustedPersonEmail}
          </p>
        </div>
        <TrustedPartyStatusBadge status={party.status} />
      </div>
      <Detail label="Phone" value={party.trustedPersonPhone} />
      <Detail label="Ghana Card" value={party.ghanaCardNumber} />
      <Detail label="Mobile money" value={party.mobileMoneyNumber} />
      <Detail label="Traditional authority" value={party.traditionalAuthority} />
      {note ? <p className="text-muted-foreground">{note}</p> : null}
      <div className="flex gap-2">
        {party.status !== "revoked" ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setIsEditing(true)}
            aria-label={`Edit ${party.trustedPersonName}`}
          >
            Edit
          </Button>
        ) : null}
        {actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === "resend" ? "outline" : "destructive"}
            onClick={() => setPending(action)}
            aria-label={`${CONFIRM[action].label} ${party.trustedPersonName}`}
          >
            {CONFIRM[action].label}
          </Button>
        ))}
      </div>
      {pending ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={CONFIRM[pending].title}
          description={CONFIRM[pending].body(party.trustedPersonName)}
          confirmLabel={CONFIRM[pending].label}
          destructive={pending !== "resend"}
          isPending={mutation[pending].isPending}
          onConfirm={() => void run(pending)}
        />
      ) : null}
      {isEditing ? <TrustedPartyEditDialog partyId={party.id} open onOpenChange={setIsEditing} /> : null}
    </li>
  );
}
