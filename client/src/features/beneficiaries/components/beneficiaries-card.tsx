import type { ReactNode } from "react";
import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";

/**
 * The dashboard's beneficiaries card: heading, "Manage all", and a body as tall as a full preview in every state,
 * so nothing under it moves. Small on purpose: the dashboard shows it (loading) before the preview's code arrives.
 */
export function BeneficiariesCard({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Card aria-labelledby="dashboard-beneficiaries-title">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2 id="dashboard-beneficiaries-title">Beneficiaries</h2>
        </CardTitle>
        <Button asChild variant="ghost" size="sm">
          <Link href={paths.beneficiaries}>
            Manage all
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <div aria-busy={busy} className="flex min-h-80 flex-col sm:min-h-60">
          {children}
        </div>
      </CardContent>
    </Card>
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
