import type { BillingHistoryItem } from "@shared/validators/billing";
import { useBillingHistory } from "@/features/billing/api/get-billing-history";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { parseApiError } from "@/lib/api-client";
import { formatDate, formatMoney } from "@/lib/format";

function statusVariant(status: string) {
  if (status === "paid") return "success" as const;
  if (status === "pending") return "secondary" as const;
  return "outline" as const;
}

/** What a purchase in cedis was paid with: "credit GH₵100.00 + mobile money GH₵150.00". */
function paidWith(paid: NonNullable<BillingHistoryItem["paid"]>): string {
  const parts: string[] = [];
  const credit = Number(paid.credit);
  const momo = Number(paid.mobileMoney);
  const rest = Number(paid.amount) - credit - momo;
  if (credit > 0) parts.push(`credit ${formatMoney(credit, { currency: "GHS" })}`);
  if (momo > 0) parts.push(`mobile money ${formatMoney(momo, { currency: "GHS" })}`);
  if (rest > 0.004) parts.push(`card ${formatMoney(rest, { currency: "GHS" })}`);
  return parts.join(" + ");
}

/** The user's purchases, in the four states every list renders. */
export function BillingHistoryTable() {
  const history = useBillingHistory({ enabled: true });
  if (history.isPending) return <Spinner label="Loading billing history..." showLabel />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load your billing history: {parseApiError(history.error).message || "please try again."}
      </p>
    );
  }
  if (history.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No purchases yet. Upgrades and storage you buy appear here.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Billing history</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Quantity
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((item) => (
            <tr key={item.id} className="border-b border-border last:border-0">
              <td className="py-2 pr-4 whitespace-nowrap">{formatDate(item.createdAt)}</td>
              <td className="py-2 pr-4">{item.name}</td>
              <td className="py-2 pr-4">{item.category === "storage" ? `${item.quantity} GB` : item.quantity}</td>
              <td className="py-2 pr-4 whitespace-nowrap">
                {item.paid ? (
                  <>
                    {formatMoney(Number(item.paid.amount), { currency: "GHS" })}
                    <span className="block text-xs text-muted-foreground">{paidWith(item.paid)}</span>
                  </>
                ) : (
                  `${formatMoney(Number(item.price))}/mo`
                )}
              </td>
              <td className="py-2">
                <Badge variant={statusVariant(item.status)}>{item.status}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
