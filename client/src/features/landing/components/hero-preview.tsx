import { CircleCheck, FileText, FolderLock, Users } from "lucide-react";

const ROWS = [
  { icon: FolderLock, label: "Assets catalogued", value: "42" },
  { icon: Users, label: "Beneficiaries named", value: "3" },
  { icon: FileText, label: "Digital will", value: "Current" },
] as const;

/** Decorative illustration of a finished plan; hidden from assistive technology. */
export function HeroPreview() {
  return (
    <div aria-hidden="true" className="hidden lg:block">
      <div className="rotate-1 rounded-xl border border-primary-foreground/15 bg-card p-6 text-card-foreground shadow-2xl">
        <div className="flex items-center justify-between">
          <span className="font-semibold">
            The Mensah family estate <span className="text-xs font-normal text-muted-foreground">(example)</span>
          </span>
          <span className="rounded-full bg-success px-2.5 py-0.5 text-xs font-semibold text-success-foreground">
            Protected
          </span>
        </div>
        <ul className="mt-6 grid gap-3">
          {ROWS.map(({ icon: Icon, label, value }) => (
            <li key={label} className="flex items-center gap-3 rounded-lg bg-muted p-3 text-sm">
              <Icon className="size-5 text-primary" />
              <span className="flex-1">{label}</span>
              <span className="font-semibold">{value}</span>
            </li>
          ))}
        </ul>
        <div className="mt-6 grid gap-2 text-sm">
          <div className="flex justify-between">
            <span>Plan completeness</span>
            <span className="font-semibold">86%</span>
          </div>
          <div className="h-2 rounded-full bg-muted">
            <div className="h-2 w-[86%] rounded-full bg-primary" />
          </div>
        </div>
        <p className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <CircleCheck className="size-4 text-success" />
          Backup exported this month
        </p>
      </div>
    </div>
  );
}
