import { lazy, Suspense, useState } from "react";
import { DashboardHeader } from "@/features/dashboard/components/dashboard-header";
import { PlanSummaryCard } from "@/features/dashboard/components/plan-summary-card";
import { QuickActions } from "@/features/dashboard/components/quick-actions";
import { RecentAssets } from "@/features/dashboard/components/recent-assets";
import { StatCards } from "@/features/dashboard/components/stat-cards";
import { StorageUsagePanel } from "@/features/dashboard/components/storage-usage-panel";
import { StillHereButton } from "@/features/check-in/components/still-here-button";
import { DeferredBeneficiariesPreview } from "./deferred-beneficiaries-preview";

// the upload form (and its validation code) loads when its dialog is first opened, not with the dashboard
const UploadDialog = lazy(async () => ({
  default: (await import("@/features/assets/components/upload-dialog")).UploadDialog,
}));

/** Spec 000 §2 Dashboard; Add Assets and Upload Assets open the assets feature's upload dialog. */
export function DashboardPage() {
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  // mounted from the first opening on, so that closing animates and hands focus back like any dialog
  const [hasOpenedUpload, setHasOpenedUpload] = useState(false);
  const openUpload = () => {
    setHasOpenedUpload(true);
    setIsUploadOpen(true);
  };

  return (
    <div className="grid grid-cols-1 gap-8">
      <title>Dashboard · Heirloom</title>
      <DashboardHeader onAddAssets={openUpload} />
      <div className="flex justify-end">
        <StillHereButton />
      </div>
      <StatCards />
      {/* below the fold on a phone: laid out when scrolled near, not while the dashboard first appears */}
      <div className="grid grid-cols-1 items-start gap-6 [contain-intrinsic-size:auto_1400px] [content-visibility:auto] lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <RecentAssets />
          <DeferredBeneficiariesPreview />
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <QuickActions onAddAssets={openUpload} />
          <StorageUsagePanel />
          <PlanSummaryCard />
        </div>
      </div>
      {hasOpenedUpload ? (
        <Suspense fallback={null}>
          <UploadDialog open={isUploadOpen} onOpenChange={setIsUploadOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
