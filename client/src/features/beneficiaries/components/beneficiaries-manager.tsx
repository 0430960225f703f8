import { useState, type ReactNode } from "react";
import { Search, UserPlus } from "lucide-react";
import type { BeneficiaryDto } from "@shared/api-types";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Pagination } from "@/components/ui/pagination";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useBeneficiaryPage } from "@/features/beneficiaries/api/get-beneficiaries";
import { BeneficiariesEmptyState } from "@/features/beneficiaries/components/beneficiaries-empty-state";
import { BeneficiariesTable } from "@/features/beneficiaries/components/beneficiaries-table";
import { BeneficiaryFormDialog } from "@/features/beneficiaries/components/beneficiary-form-dialog";
import { DeleteBeneficiaryDialog } from "@/features/beneficiaries/components/delete-beneficiary-dialog";
import { HeldMailNotice } from "@/features/beneficiaries/components/held-mail-notice";
import { QueryError } from "@/components/query-error";
import { useResendWithNotice } from "@/features/beneficiaries/hooks/use-resend-with-notice";
import { filterBeneficiaries } from "@/features/beneficiaries/lib/filter-beneficiaries";

type FormState = { open: false } | { open: true; beneficiary?: BeneficiaryDto };

/** Rows per page: the list is read a page at a time, however many beneficiaries there are. */
export const PAGE_SIZE = 50;

/**
 * The Beneficiaries screen's body: search, add, the table in its four states, and the dialogs. A list that fits one
 * page is searched as you type in the browser (accents folded); a longer one is searched and paged by the server.
 */
export function BeneficiariesManager() {
  const [query, setQuery] = useState("");
  const [offset, setOffset] = useState(0);
  const q = useDebouncedValue(query.trim(), 250);
  const first = useBeneficiaryPage({ limit: PAGE_SIZE, offset: 0 });
  const onePage = first.data !== undefined && first.data.total <= PAGE_SIZE;
  const paged = useBeneficiaryPage({ limit: PAGE_SIZE, offset, q: q || undefined }, { enabled: !onePage });
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<BeneficiaryDto | null>(null);
  const { send, resendingId } = useResendWithNotice();
  const current = onePage ? first : paged;
  const page = current.data;
  const pastTheEnd = !onePage && !!page && !paged.isPlaceholderData && page.items.length === 0 && offset > 0;
  // during render, not in an effect: the next page's read starts at once and shows as placeholder data
  if (pastTheEnd) setOffset(Math.max(0, offset - PAGE_SIZE));
  const openAdd = () => setForm({ open: true });

  let body: ReactNode;
  if (current.error) {
    body = <QueryError what="your beneficiaries" error={current.error} onRetry={() => void current.refetch()} />;
  } else if (!page || pastTheEnd) body = <Spinner label="Loading beneficiaries..." showLabel className="py-10" />;
  else if (page.total === 0 && (onePage || !q)) body = <BeneficiariesEmptyState onAdd={openAdd} />;
  else {
    const shown = onePage ? filterBeneficiaries(page.items, query) : page.items;
    body =
      shown.length === 0 ? (
        <p role="status" className="rounded-lg border border-border bg-card px-4 py-8 text-center text-sm">
          No beneficiary matches “{query.trim()}”.
        </p>
      ) : (
        <>
          {shown.some((b) => b.verificationMail === "waiting_for_your_email") && <HeldMailNotice />}
          <div className={!onePage && paged.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
            <BeneficiariesTable
              beneficiaries={shown}
              caption="Your beneficiaries"
              onEdit={(beneficiary) => setForm({ open: true, beneficiary })}
              onResend={send}
              onDelete={setToDelete}
              resendingId={resendingId}
            />
          </div>
          {!onePage && (
            <Pagination
              label="Beneficiary pages"
              offset={offset}
              shown={shown.length}
              total={page.total}
              pageSize={PAGE_SIZE}
              onOffsetChange={setOffset}
            />
          )}
        </>
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
              onChange={(event) => {
                setQuery(event.target.value);
                setOffset(0);
              }}
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
