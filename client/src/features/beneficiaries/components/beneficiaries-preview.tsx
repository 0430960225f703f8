import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import type { BeneficiaryDto } from "@shared/api-types";
import { paths } from "@/config/paths";
import { useBeneficiaryPage } from "@/features/beneficiaries/api/get-beneficiaries";
import { BeneficiariesCard, BeneficiariesCardSkeleton } from "@/features/beneficiaries/components/beneficiaries-card";
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
  const { data: page, isPending, error, refetch } = useBeneficiaryPage({ limit: PREVIEW_SIZE, offset: 0 });
  const [editing, setEditing] = useState<BeneficiaryDto | undefined>(undefined);

  let body: ReactNode;
  if (isPending) body = <BeneficiariesCardSkeleton />;
  else if (error) body = <QueryError what="your beneficiaries" error={error} onRetry={() => void refetch()} />;
  else if (page.items.length === 0) {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <p className="text-center text-sm text-muted-foreground">
          No beneficiaries yet.{" "}
          <Link href={paths.beneficiaries.getHref()} className="font-medium text-primary underline underline-offset-4">
            Add your first beneficiary
          </Link>
        </p>
      </div>
    );
  } else {
    body = (
      <BeneficiariesTable
        beneficiaries={page.items}
        caption={`Your first ${PREVIEW_SIZE} beneficiaries`}
        onEdit={setEditing}
      />
    );
  }

  return (
    <>
      <BeneficiariesCard busy={isPending}>{body}</BeneficiariesCard>
      <BeneficiaryFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        beneficiary={editing}
      />
    </>
  );
}
