import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import type { BeneficiaryDto } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useBeneficiaries } from "@/features/beneficiaries/api/get-beneficiaries";
import { BeneficiariesTable } from "@/features/beneficiaries/components/beneficiaries-table";
import { BeneficiaryFormDialog } from "@/features/beneficiaries/components/beneficiary-form-dialog";
import { QueryError } from "@/components/query-error";

/** Spec 000 §9: the dashboard's table shows the first 3. */
export const PREVIEW_SIZE = 3;

/**
 * The dashboard's short beneficiaries table, each row editable in place. The body is as tall as a full preview
 * (header and PREVIEW_SIZE rows) in every state, so what is under the card never moves when the list arrives.
 */
export function BeneficiariesPreview() {
  const { data: beneficiaries, isPending, error, refetch } = useBeneficiaries();
  const [editing, setEditing] = useState<BeneficiaryDto | undefined>(undefined);

  let body: ReactNode;
  if (isPending) {
    body = (
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
  } else if (error) body = <QueryError what="your beneficiaries" error={error} onRetry={() => void refetch()} />;
  else if (beneficiaries.length === 0) {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <p className="text-center text-sm text-muted-foreground">
          No beneficiaries yet.{" "}
          <Link href={paths.beneficiaries} className="font-medium text-primary underline underline-offset-4">
            Add your first beneficiary
          </Link>
        </p>
      </div>
    );
  } else {
    body = (
      <BeneficiariesTable
        beneficiaries={beneficiaries.slice(0, PREVIEW_SIZE)}
        caption={`Your first ${PREVIEW_SIZE} beneficiaries`}
        onEdit={setEditing}
      />
    );
  }

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
        <div aria-busy={isPending} className="flex min-h-80 flex-col sm:min-h-60">
          {body}
        </div>
      </CardContent>
      <BeneficiaryFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        beneficiary={editing}
      />
    </Card>
  );
}
