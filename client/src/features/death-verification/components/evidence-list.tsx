import type { DeathVerificationDocumentDto } from "@shared/death-verification";
import { formatDate } from "@/lib/format";

const STATUS: Record<string, string> = { pending: "not reviewed yet", verified: "accepted", rejected: "not accepted" };

/**
 * A request's evidence documents, each with its download link (the server sends it as an attachment, never rendered):
 * the requestor's and the owner's routes under /api/death-verification, the reviewing admin's under /api/admin.
 */
export function EvidenceList({
  documents,
  hrefOf,
  label = "Evidence documents",
}: {
  documents: DeathVerificationDocumentDto[];
  hrefOf: (documentId: number) => string;
  label?: string;
}) {
  if (documents.length === 0) return <p className="text-sm text-muted-foreground">No documents uploaded.</p>;
  return (
    <ul aria-label={label} className="grid gap-1 text-sm">
      {documents.map((d) => (
        <li key={d.id}>
          <a className="font-medium underline" href={hrefOf(d.id)} download={d.fileName}>
            Download {d.fileName}
          </a>{" "}
          · {d.documentType.replace(/_/g, " ")} · {formatDate(d.createdAt)} ·{" "}
          {STATUS[d.verificationStatus] ?? d.verificationStatus}
        </li>
      ))}
    </ul>
  );
}
