import { LockKeyhole } from "lucide-react";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import { field } from "@/features/online-accounts/lib/account-display";

const ROWS = [
  { name: "username", label: "Username" },
  { name: "email", label: "Email" },
  { name: "passwordHint", label: "Password hint" },
  { name: "recoveryInfo", label: "Recovery information" },
  { name: "twoFactorInfo", label: "2FA information" },
] as const;

/** The "Sensitive Information" panel a per-account toggle reveals (spec 001 §2). */
export function SensitiveInfoPanel({ id, account }: { id: string; account: OnlineAccount }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-md border border-dashed border-border bg-muted p-4"
    >
      <h4 id={`${id}-title`} className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <LockKeyhole className="size-4 text-primary" aria-hidden="true" />
        Sensitive Information
      </h4>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {ROWS.map(({ name, label }) => {
          const value = field(account, name);
          return (
            <div key={name} className="grid gap-0.5">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd className={value ? "break-words whitespace-pre-wrap" : "text-muted-foreground italic"}>
                {value ?? "Not provided"}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
