import { Link } from "wouter";
import { Archive, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { useDashboardStats } from "@/features/dashboard/api/get-dashboard-stats";

function beneficiaryLine(count: number): string {
  if (count === 0) return "You have not named any beneficiaries yet.";
  return `You have ${count} ${count === 1 ? "beneficiary" : "beneficiaries"} in your estate plan.`;
}

/** Spec 000 §2: the welcome line (first name, beneficiary count), Export Backup and Add Assets. */
export function DashboardHeader({ onAddAssets }: { onAddAssets: () => void }) {
  const { user } = useAuth();
  const { data: stats } = useDashboardStats();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight break-words">
          {user?.firstName ? `Welcome back, ${user.firstName}` : "Welcome back"}
        </h1>
        <p className="mt-2 text-muted-foreground" aria-live="polite">
          {stats ? beneficiaryLine(stats.beneficiaries) : "Here is an overview of your digital estate."}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link href={paths.backupExport.getHref()}>
            <Archive aria-hidden="true" />
            Export Backup
          </Link>
        </Button>
        <Button onClick={onAddAssets}>
          <Plus aria-hidden="true" />
          Add Assets
        </Button>
      </div>
    </div>
  );
}
