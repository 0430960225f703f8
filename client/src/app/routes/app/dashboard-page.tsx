import { Link } from "wouter";
import { Archive, ArrowRight, FileText, FolderLock, Users, type LucideIcon } from "lucide-react";
import { PLANS, normalizePlanId } from "@shared/plans";
import { formatBytes, usagePercent } from "@shared/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";

type Shortcut = { href: string; title: string; text: string; icon: LucideIcon };

const SHORTCUTS: readonly Shortcut[] = [
  { href: paths.assets, title: "Assets", text: "Upload documents and record what you own.", icon: FolderLock },
  { href: paths.beneficiaries, title: "Beneficiaries", text: "Name who receives your assets.", icon: Users },
  { href: paths.digitalWill, title: "Digital Will", text: "Write or update your active will.", icon: FileText },
  { href: paths.backupExport, title: "Backup & Export", text: "Download a copy of everything.", icon: Archive },
];

export function DashboardPage() {
  const { user } = useAuth();
  const plan = PLANS[normalizePlanId(user?.plan)];
  const used = user?.storageUsed ?? 0;
  const limit = user?.storageLimit ?? 0;
  const percent = usagePercent(used, limit);

  return (
    <div className="grid gap-8">
      <title>Dashboard · Heirloom</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
          <p className="mt-2 text-lg text-muted-foreground">
            {user?.firstName ? `Welcome back, ${user.firstName}` : "Welcome back"}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href={paths.backupExport}>
            <Archive aria-hidden="true" />
            Export Backup
          </Link>
        </Button>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle asChild>
              <h2>Get your estate plan in order</h2>
            </CardTitle>
            <CardDescription>Four steps that make sure nothing is lost and everyone knows what to do.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 sm:grid-cols-2">
              {SHORTCUTS.map(({ href, title, text, icon: Icon }) => (
                <li key={href}>
                  <Link
                    href={href}
                    className="group flex h-full items-start gap-3 rounded-md border border-border p-4 transition-colors hover:border-primary hover:bg-muted"
                  >
                    <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <span className="grid gap-1">
                      <span className="font-medium">{title}</span>
                      <span className="text-sm text-muted-foreground">{text}</span>
                    </span>
                    <ArrowRight
                      className="ml-auto size-4 shrink-0 text-muted-foreground group-hover:text-primary"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle asChild>
                <h2>Your plan</h2>
              </CardTitle>
              <Badge variant="secondary">{plan.name}</Badge>
            </div>
            <CardDescription>{plan.features.join(" · ")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-2">
              <div className="flex justify-between text-sm">
                <span className="font-medium">Storage used</span>
                <span className="text-muted-foreground">
                  {formatBytes(used)} of {formatBytes(limit)}
                </span>
              </div>
              <Progress value={percent} label="Storage used" />
            </div>
            <Button asChild>
              <Link href={paths.pricing}>{plan.priceUSD === 0 ? "Upgrade to Premium" : "Manage Subscription"}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
