import { CalendarClock, ShieldAlert } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

const SCHEDULE = [
  { when: "Monthly", why: "a regular copy, so nothing recent is ever lost" },
  { when: "After adding new assets", why: "so new files and accounts are in your backup" },
  { when: "When your will is updated", why: "so the backup holds the wishes you stand by today" },
] as const;

/** Spec 000 §2: when to back up — monthly, after new assets, when the will is updated. */
export function BackupScheduleCard() {
  return (
    <Card>
      <CardContent className="flex gap-3 pt-6 text-sm">
        <CalendarClock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-2">
          <h2 className="font-semibold">Recommended backup schedule</h2>
          <ul className="grid gap-1.5">
            {SCHEDULE.map((item) => (
              <li key={item.when}>
                <span className="font-medium">{item.when}</span>
                <span className="text-muted-foreground"> — {item.why}</span>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

/** Spec 000 §2: the security notice. JSON and ZIP backups hold secrets in plain text. */
export function BackupSecurityNotice() {
  return (
    <Card className="border-accent bg-accent/10">
      <CardContent className="flex gap-3 pt-6 text-sm">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-foreground" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 className="font-semibold">Keep your backups safe</h2>
          <p className="text-muted-foreground">
            JSON and ZIP backups contain your account numbers, access codes and password hints in readable form, and the
            ZIP contains your files. Store them on an encrypted drive or in a safe place, never in shared folders or
            e-mail. The PDF shows only the last 4 characters of each secret.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
