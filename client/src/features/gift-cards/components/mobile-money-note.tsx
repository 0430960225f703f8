/**
 * The mobile-money note and the Ghana figures. Spec 001's overview gives them as Heirloom's marketing figures without a
 * date or an outside source, so they are shown as exactly that: attributed to the spec, with no date of their own.
 */
const FIGURES = [
  { value: "99%", label: "Prepaid" },
  { value: "40.9M", label: "Mobile money accounts" },
] as const;

export function MobileMoneyNote() {
  return (
    <aside aria-label="Mobile money in Ghana" className="grid gap-3 rounded-lg border border-border bg-card p-4">
      <p className="text-sm">
        Pay with MTN MoMo, Vodafone Cash, AirtelTigo Money or Glo: you approve the payment on your phone, and the cards
        are issued once it is confirmed.
      </p>
      <dl className="grid grid-cols-2 gap-3">
        {FIGURES.map((figure) => (
          <div key={figure.value} className="rounded-md bg-muted p-3">
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="text-2xl font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Source: Heirloom marketing figures (product specification 001, &ldquo;Gift cards&rdquo;); the source gives no
        date for them.
      </p>
    </aside>
  );
}
