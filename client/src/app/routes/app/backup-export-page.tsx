import { PagePlaceholder } from "@/components/page-placeholder";

export function BackupExportPage() {
  return (
    <PagePlaceholder
      title="Backup & Export"
      description="Download a complete backup of your estate plan as JSON, PDF or ZIP."
    />
  );
}
