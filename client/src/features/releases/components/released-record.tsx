import { useState } from "react";
import { Eye, EyeOff } from "lucide-react";
import type { ReleasedRecordDto } from "@shared/release-api";
import { Button } from "@/components/ui/button";
import { KIND_LABELS, shownFields } from "@/features/releases/lib/released-fields";

/** One released record: its fields, credentials masked until the reader asks to see them. */
export function ReleasedRecord({ record }: { record: ReleasedRecordDto }) {
  const [isRevealed, setIsRevealed] = useState(false);
  const fields = shownFields(record);
  const hasCredentials = fields.some((f) => f.isCredential);
  const headingId = `record-${record.kind}-${record.id}`;
  return (
    <article aria-labelledby={headingId} className="break-inside-avoid rounded-md border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {record.title}
          </h3>
          <p className="text-sm text-muted-foreground">{KIND_LABELS[record.kind]}</p>
        </div>
        {hasCredentials ? (
          <Button
            variant="outline"
            size="sm"
            className="print:hidden"
            aria-pressed={isRevealed}
            onClick={() => setIsRevealed((shown) => !shown)}
          >
            {isRevealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {isRevealed ? "Hide" : "Reveal"}
          </Button>
        ) : null}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {fields.map((f) => (
          <div key={f.key} className="contents">
            <dt className="font-medium text-muted-foreground">{f.label}</dt>
            <dd className="break-words whitespace-pre-wrap">
              {f.isCredential && !isRevealed ? (
                <>
                  <span aria-hidden="true">••••••••</span>
                  <span className="sr-only">Hidden until you choose Reveal</span>
                </>
              ) : (
                f.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
