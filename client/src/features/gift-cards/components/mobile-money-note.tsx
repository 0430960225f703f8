/**
 * The mobile-money note and the Ghana figures, each with its source and the month it describes. Spec 001's own
 * marketing figures (99 % prepaid, 40.9M mobile money accounts) have no source or date, so they are not shown; these
 * are the Bank of Ghana's (Summary of Economic and Financial Data, figures for October 2024, published December 2024).
 */
const FIGURES = [
  { value: "71.9M", label: "Registered mobile money accounts" },
  { value: "23.3M", label: "Active mobile money accounts" },
  { value: "GH¢298.6bn", label: "Paid by mobile money in the month" },
] as const;

export function MobileMoneyNote() {
  return (
    <aside aria-label="Mobile money in Ghana" className="grid gap-3 rounded-lg border border-border bg-card p-4">
      <p className="text-sm">
        Pay with MTN MoMo, Vodafone Cash, AirtelTigo Money or Glo: you approve the payment on your phone, and the cards
        are issued once it is confirmed.
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
        {FIGURES.map((figure) => (
          <div key={figure.label} className="rounded-md bg-muted p-3">
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="text-xl font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Source: Bank of Ghana, Summary of Economic and Financial Data — figures for October 2024 (published December
        2024).
      </p>
    </aside>
  );
}
