import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { ClientLayout } from "@/components/layouts/client-layout";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ClientPages } from "@/app/lazy-pages";

const {
  Dashboard: DashboardPage,
  Assets: AssetsPage,
  OnlineAccounts: OnlineAccountsPage,
  Beneficiaries: BeneficiariesPage,
  DigitalWill: DigitalWillPage,
  TimeTriggers: TimeTriggersPage,
  BackupExport: BackupExportPage,
  DeathVerification: DeathVerificationPage,
  NotFound: NotFoundPage,
} = ClientPages;

/** The client's screens inside one persistent top navigation (spec 000 §2, Client row). */
export function ClientArea() {
  return (
    <ClientLayout>
      {/* a full screen while a page's chunk loads keeps the footer below the fold: it never jumps down on arrival */}
      <Suspense fallback={<PageSpinner className="min-h-screen" />}>
        <Switch>
          <Route path={paths.home} component={DashboardPage} />
          <Route path={paths.dashboard} component={DashboardPage} />
          <Route path={paths.assets} component={AssetsPage} />
          <Route path={paths.onlineAccounts} component={OnlineAccountsPage} />
          <Route path={paths.beneficiaries} component={BeneficiariesPage} />
          <Route path={paths.digitalWill} component={DigitalWillPage} />
          <Route path={paths.timeTriggers} component={TimeTriggersPage} />
          <Route path={paths.backupExport} component={BackupExportPage} />
          <Route path={paths.deathVerification} component={DeathVerificationPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ClientLayout>
  );
}
