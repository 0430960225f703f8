import { useState, type ReactNode } from "react";
import { Search, UserPlus } from "lucide-react";
import type { BeneficiaryDto } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useBeneficiaries } from "@/features/beneficiaries/api/get-beneficiaries";
import { BeneficiariesEmptyState } from "@/features/beneficiaries/components/beneficiaries-empty-state";
import { BeneficiariesTable } from "@/features/beneficiaries/components/beneficiaries-table";
import { BeneficiaryFormDialog } from "@/features/beneficiaries/components/beneficiary-form-dialog";
import { DeleteBeneficiaryDialog } from "@/features/beneficiaries/components/delete-beneficiary-dialog";
import { QueryError } from "@/components/query-error";
import { useResendWithNotice } from "@/features/beneficiaries/hooks/use-resend-with-notice";
import { filterBeneficiaries } from "@/features/beneficiaries/lib/filter-beneficiaries";

type FormState = { open: false } | { open: true; beneficiary?: BeneficiaryDto };

/** The Beneficiaries screen's body: search, add, the table in its four states, and the dialogs. */
export function BeneficiariesManager() {
  const { data: beneficiaries, isPending, error, refetch } = useBeneficiaries();
  const [query, setQuery] = useState("");
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<BeneficiaryDto | null>(null);
  const { send, resendingId } = useResendWithNotice();
  const openAdd = () => setForm({ open: true });

  let body: ReactNode;
  if (isPending) body = <Spinner label="Loading beneficiaries..." showLabel className="py-10" />;
  else if (error) body = <QueryError what="your beneficiaries" error={error} onRetry={() => void refetch()} />;
  else if (beneficiaries.length === 0) body = <BeneficiariesEmptyState onAdd={openAdd} />;
  else {
    const shown = filterBeneficiaries(beneficiaries, query);
    body =
      shown.length === 0 ? (
        <p role="status" className="rounded-lg border border-border bg-card px-4 py-8 text-center text-sm">
          No beneficiary matches “{query.trim()}”.
        </p>
      ) : (
        <BeneficiariesTable
          beneficiaries={shown}
          caption="Your beneficiaries"
          onEdit={(beneficiary) => setForm({ open: true, beneficiary })}
          onResend={send}
          onDelete={setToDelete}
          resendingId={resendingId}
        />
      );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid w-full gap-2 sm:max-w-sm">
          <Label htmlFor="beneficiary-search">Search beneficiaries</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="beneficiary-search"
              type="search"
              placeholder="Name, e-mail or relationship"
              className="pl-9"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        <Button onClick={openAdd}>
          <UserPlus aria-hidden="true" />
          Add Beneficiary
        </Button>
      </div>
      {body}
      <BeneficiaryFormDialog
        open={form.open}
        onOpenChange={(open) => !open && setForm({ open: false })}
        beneficiary={form.open ? form.beneficiary : undefined}
      />
      <DeleteBeneficiaryDialog beneficiary={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
