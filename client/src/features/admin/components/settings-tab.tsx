import { formatBytes } from "@shared/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminSettings } from "@/features/admin/api/get-admin-overview";
import { describeFailure } from "@/lib/describe-failure";

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b py-1 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/** Platform Settings (read-only): the live configuration — defaults, limits, providers, mode. Never a secret. */
export function SettingsTab() {
  const settings = useAdminSettings();
  if (settings.isPending) return <Skeleton className="h-48 w-full" />;
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load the settings: {describeFailure(settings.error)}
      </p>
    );
  }
  const s = settings.data;
  const sections = [
    {
      title: "Defaults",
      items: [
        ["Default storage", formatBytes(s.defaults.storageLimitBytes)],
        ["Max file size", formatBytes(s.defaults.maxFileSizeBytes)],
        ["Default agent commission", `${s.defaults.agentCommissionRate}%`],
      ],
    },
    {
      title: "Limits",
      items: [
        ["Session idle timeout", `${s.limits.sessionIdleMinutes} minutes`],
        ["Session lifetime", `${s.limits.sessionAbsoluteHours} hours`],
        ["JSON body limit", `${s.limits.jsonBodyKB} KB`],
      ],
    },
    {
      title: "Providers",
      items: [
        ["Payments", s.providers.payments === "test" ? "Test mode" : "Stripe"],
        ["E-mail", s.providers.mail === "smtp" ? "SMTP" : "Files (DATA_DIR/outbox)"],
        ["File storage", s.providers.storage === "s3" ? "S3" : "Local disk"],
        ["SMS", s.providers.sms],
        ["Google sign-in", s.providers.googleSignIn ? "Configured" : "Not configured"],
        ["Rate-limit store", s.providers.redis ? "Redis" : "PostgreSQL"],
      ],
    },
    {
      title: "Mode",
      items: [
        ["Environment", s.mode.environment],
        ["Public URL", s.mode.publicUrl],
        ["HTTPS", s.mode.secure ? "Yes" : "No"],
        ["Scheduler interval", `${s.mode.schedulerIntervalSeconds} s`],
      ],
    },
  ];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {sections.map((section) => (
        <Card key={section.title}>
          <CardHeader>
            <CardTitle>{section.title}</CardTitle>
            <CardDescription>Read-only: set through the server's environment.</CardDescription>
          </CardHeader>
          <CardContent>
            <dl>
              {section.items.map(([label, value]) => (
                <Item key={label} label={label} value={value} />
              ))}
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
