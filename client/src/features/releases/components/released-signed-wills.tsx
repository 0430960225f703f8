import type { ReleasedExecutionDto } from "@shared/release-api";
import { formatDate } from "@/lib/format";

/** How each released signed will was executed, and where its original is kept (issue 20). */
export function ReleasedSignedWills({ wills }: { wills: ReleasedExecutionDto[] }) {
  return (
    <section aria-labelledby="released-signed-wills" className="grid gap-3">
      <h2 id="released-signed-wills" className="text-xl font-semibold">
        Signed will
      </h2>
      {wills.map((w) => (
        <div key={w.scanFileId} className="grid gap-1 rounded-md border border-border p-4 text-sm">
          <p className="font-medium">
            Version {w.version} of the will of {w.testatorName}
            {w.status === "superseded" ? " (replaced by a later signed will)" : ""}
          </p>
          <p>
            Signed at {w.place}
            {w.signedOn ? ` on ${w.signedOn}` : ""}
            {w.executedAt ? `, recorded ${formatDate(w.executedAt)}` : ""}.
          </p>
          <p>
            Witnesses: {w.witnesses.map((x) => `${x.fullName} (${x.occupation}, ${x.address})`).join("; ") || "none"}.
          </p>
          <p>
            <span className="font-medium">The signed original is kept: </span>
            {w.originalLocation ?? "not recorded"}
          </p>
        </div>
      ))}
    </section>
  );
}
