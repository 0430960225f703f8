import { useState } from "react";
import { UploadDialog } from "@/features/assets/components/upload-dialog";
import { BeneficiariesPreview } from "@/features/beneficiaries/components/beneficiaries-preview";
import { DashboardHeader } from "@/features/dashboard/components/dashboard-header";
import { PlanSummaryCard } from "@/features/dashboard/components/plan-summary-card";
import { QuickActions } from "@/features/dashboard/components/quick-actions";
import { RecentAssets } from "@/features/dashboard/components/recent-assets";
import { StatCards } from "@/features/dashboard/components/stat-cards";
import { StorageUsagePanel } from "@/features/dashboard/components/storage-usage-panel";

/** Spec 000 §2 Dashboard; Add Assets and Upload Assets open the assets feature's upload dialog. */
export function DashboardPage() {
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const openUpload = () => setIsUploadOpen(true);

  return (
    <div className="grid grid-cols-1 gap-8">
      <title>Dashboard · Heirloom</title>
      <DashboardHeader onAddAssets={openUpload} />
      <StatCards />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <RecentAssets />
          <BeneficiariesPreview />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <QuickActions onAddAssets={openUpload} />
          <StorageUsagePanel />
          <PlanSummaryCard />
        </div>
      </div>
      <UploadDialog open={isUploadOpen} onOpenChange={setIsUploadOpen} />
    </div>
  );
}
