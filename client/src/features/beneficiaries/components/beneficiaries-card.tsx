import type { ReactNode } from "react";
import { LinkedCard } from "@/components/linked-card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";

/**
 * The dashboard's beneficiaries card: heading, "Manage all", and a body as tall as a full preview in every state,
 * so nothing under it moves. Small on purpose: the dashboard shows it (loading) before the preview's code arrives.
 */
export function BeneficiariesCard({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <LinkedCard
      id="dashboard-beneficiaries-title"
      title="Beneficiaries"
      href={paths.beneficiaries.getHref()}
      linkLabel="Manage all"
      busy={busy}
      bodyClassName="min-h-80 sm:min-h-60"
    >
      {children}
    </LinkedCard>
  );
}

/** The card's loading body: the table's header and three rows as skeletons. */
export function BeneficiariesCardSkeleton() {
  return (
    <>
      <span className="sr-only">Loading beneficiaries...</span>
      <span className="grid gap-3" aria-hidden="true">
        <Skeleton className="block h-10 w-full" />
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="block h-12 w-full" />
        ))}
      </span>
    </>
  );
}
