import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/query-error";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format";
import { giftCardPdfHref, useGiftCards } from "@/features/gift-cards/api/gift-card-api";

/** Spec 001 §6: a status badge highlights completed and shows any other status as secondary. */
const statusVariant = (status: string) => (status === "completed" ? "success" : "secondary");

/**
 * My Gift Cards: the cards this account bought, numbers masked, never their codes; each with its printable card
 * (a PDF in the chosen design, with a line to write the code on — the code itself is never printed).
 */
export function MyGiftCards() {
  const cards = useGiftCards();
  if (cards.isPending) return <Spinner label="Loading your gift cards..." showLabel />;
  if (cards.error)
    return <QueryError what="your gift cards" error={cards.error} onRetry={() => void cards.refetch()} />;
  if (cards.data.length === 0) {
    return <p className="text-sm text-muted-foreground">You have not bought any gift cards yet.</p>;
  }
  return (
    <ul aria-label="My gift cards" className="grid gap-3">
      {cards.data.map((card) => (
        <li
          key={card.id}
          className="grid gap-x-4 gap-y-1 rounded-md border border-border p-3 text-sm sm:grid-cols-[auto_1fr_auto_auto_auto] sm:items-center"
        >
          <span className="font-mono whitespace-nowrap">{card.cardNumber}</span>
          <span>For {card.recipientName}</span>
          <span className="font-semibold">
            {card.currency} {card.denomination}
          </span>
          <span className="flex flex-wrap items-center gap-2 sm:justify-end">
            <Badge variant={statusVariant(card.status)}>{card.status}</Badge>
            <span className="whitespace-nowrap text-muted-foreground">Expires {formatDate(card.expiryDate)}</span>
          </span>
          <span className="sm:text-right">
            <Button asChild size="sm" variant="outline">
              <a href={giftCardPdfHref(card.id)} download aria-label={`Print card ${card.cardNumber.slice(-4)} (PDF)`}>
                Print card
              </a>
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}
