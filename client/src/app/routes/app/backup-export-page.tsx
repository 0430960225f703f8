import { AccountOverviewCard } from "@/features/backup/components/account-overview-card";
import { BackupScheduleCard, BackupSecurityNotice } from "@/features/backup/components/backup-guidance";
import { ExportCard } from "@/features/backup/components/export-card";
import { RestoreCard } from "@/features/backup/components/restore-card";

/** Spec 000 §2 Backup & Export: format choice and download, account overview, schedule, security; plus restore. */
export function BackupExportPage() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <title>Backup &amp; Export · Heirloom</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Backup &amp; Export</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Keep a copy of your estate plan outside Heirloom, print a summary for your family, or restore a backup.
        </p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <ExportCard />
          <RestoreCard />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <AccountOverviewCard />
          <BackupScheduleCard />
          <BackupSecurityNotice />
        </div>
      </div>
    </div>
  );
}
