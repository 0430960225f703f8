import { FlaskConical } from "lucide-react";

/** Shown on every billing screen while payments run in the built-in test mode. */
export function TestModeBanner() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border-2 border-accent bg-accent/15 px-4 py-3 text-foreground"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <p className="text-sm">
        <strong className="block text-base font-semibold">Test mode — no charge</strong>
        Plan changes and storage purchases apply at once and no card is charged.
      </p>
    </div>
  );
}
