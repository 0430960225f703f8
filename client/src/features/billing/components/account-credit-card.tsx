import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { useAccountCreditPage } from "@/features/billing/api/get-account-credit";
import { parseApiError } from "@/lib/api-client";
import { formatDate, formatMoney } from "@/lib/format";

const PAGE_SIZE = 5;

/** The account credit in cedis and its ledger: gift cards redeemed, purchases paid with it, payments added back. */
export function AccountCreditCard() {
  const [offset, setOffset] = useState(0);
  const credit = useAccountCreditPage({ limit: PAGE_SIZE, offset }, { enabled: true });

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Account credit</h2>
        </CardTitle>
        <CardDescription>
          Gift cards you redeem become credit in cedis; it pays plans and storage first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {credit.isPending ? <Spinner label="Loading your account credit..." showLabel /> : null}
        {credit.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your account credit: {parseApiError(credit.error).message || "please try again."}
          </p>
        ) : null}
        {credit.data ? (
          <>
            <p>
              <span className="text-sm text-muted-foreground">Balance </span>
              <strong className="text-2xl" data-testid="credit-balance">
                {formatMoney(Number(credit.data.balance.amount), { currency: "GHS" })}
              </strong>
            </p>
            {credit.data.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">No credit yet. Redeem a gift card to add some.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Account credit ledger</caption>
                  <thead className="border-b border-border text-muted-foreground">
                    <tr>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Date
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        What
                      </th>
                      <th scope="col" className="py-2 text-right font-medium">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {credit.data.entries.map((entry) => {
                      const amount = Number(entry.amount);
                      return (
                        <tr key={entry.id} className="border-b border-border last:border-0">
                          <td className="py-2 pr-4 whitespace-nowrap">{formatDate(entry.createdAt)}</td>
                          <td className="py-2 pr-4">{entry.description}</td>
                          <td className={`py-2 text-right whitespace-nowrap ${amount < 0 ? "" : "text-success"}`}>
                            {amount < 0 ? "−" : "+"}
                            {formatMoney(Math.abs(amount), { currency: "GHS" })}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            {credit.data.total > PAGE_SIZE ? (
              <Pagination
                label="Account credit pages"
                offset={offset}
                shown={credit.data.entries.length}
                total={credit.data.total}
                pageSize={PAGE_SIZE}
                onOffsetChange={setOffset}
              />
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
