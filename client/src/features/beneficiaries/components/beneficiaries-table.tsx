import { Mail, Pencil, Trash2 } from "lucide-react";
import type { BeneficiaryDto } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { BeneficiaryStatusBadge } from "@/features/beneficiaries/components/beneficiary-status-badge";
import { HELD_MAIL_TEXT } from "@/features/beneficiaries/components/held-mail-notice";
import { fullName } from "@/features/beneficiaries/lib/filter-beneficiaries";
import { relationshipLabel } from "@/features/beneficiaries/lib/relationships";

type BeneficiariesTableProps = {
  beneficiaries: readonly BeneficiaryDto[];
  caption: string;
  onEdit: (beneficiary: BeneficiaryDto) => void;
  /** Without these the row offers Edit only (the dashboard's short table). */
  onResend?: (beneficiary: BeneficiaryDto) => void;
  onDelete?: (beneficiary: BeneficiaryDto) => void;
  /** The row whose verification e-mail is being sent. */
  resendingId?: number | null;
};

const cellClass = "px-3 py-3 align-middle sm:px-4";
/** Small screens fold relationship and status under the name and keep only the icons of the actions. */
const wideOnly = "hidden sm:table-cell";
const labelClass = "sr-only md:not-sr-only";

/** Beneficiary (name and e-mail), Relationship, Status and Actions (spec 000 §2). */
export function BeneficiariesTable(props: BeneficiariesTableProps) {
  const { beneficiaries, caption, onEdit, onResend, onDelete, resendingId } = props;
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={cellClass}>
              Beneficiary
            </th>
            <th scope="col" className={`${cellClass} ${wideOnly}`}>
              Relationship
            </th>
            <th scope="col" className={`${cellClass} ${wideOnly}`}>
              Status
            </th>
            <th scope="col" className={`${cellClass} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {beneficiaries.map((b) => {
            const name = fullName(b);
            const relationship = relationshipLabel(b.relationship);
            // Their link is held until the owner confirms their own address: a resend would only queue another.
            const held = b.status !== "verified" && b.verificationMail === "waiting_for_your_email";
            const heldNote = held ? (
              <span className="block text-xs text-muted-foreground">{HELD_MAIL_TEXT}</span>
            ) : null;
            return (
              <tr key={b.id}>
                <th scope="row" className={`${cellClass} max-w-48 font-normal sm:max-w-64`}>
                  <span className="block truncate font-medium">{name}</span>
                  <span className="block truncate text-muted-foreground">{b.email}</span>
                  <span className="mt-1 flex items-center gap-2 text-muted-foreground sm:hidden">
                    {relationship}
                    <BeneficiaryStatusBadge status={b.status} />
                  </span>
                  <span className="sm:hidden">{heldNote}</span>
                </th>
                <td className={`${cellClass} ${wideOnly}`}>{relationship}</td>
                <td className={`${cellClass} ${wideOnly}`}>
                  <BeneficiaryStatusBadge status={b.status} />
                  {heldNote}
                </td>
                <td className={`${cellClass} text-right whitespace-nowrap`}>
                  <Button variant="ghost" size="sm" aria-label={`Edit ${name}`} onClick={() => onEdit(b)}>
                    <Pencil aria-hidden="true" />
                    <span className={labelClass}>Edit</span>
                  </Button>
                  {onResend && b.status !== "verified" && !held ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Resend verification e-mail to ${name}`}
                      title="Resend verification e-mail"
                      disabled={resendingId === b.id}
                      onClick={() => onResend(b)}
                    >
                      <Mail aria-hidden="true" />
                      <span className={labelClass}>Resend</span>
                    </Button>
                  ) : null}
                  {onDelete ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:bg-destructive/10"
                      aria-label={`Delete ${name}`}
                      onClick={() => onDelete(b)}
                    >
                      <Trash2 aria-hidden="true" />
                      <span className={labelClass}>Delete</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
