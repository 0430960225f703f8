/** The issued cards' numbers and codes: the server shows them this one time only. */
export function IssuedCodes({ cards }: { cards: { cardNumber: string; code: string }[] }) {
  return (
    <section aria-label="Your gift card codes" className="grid gap-3 rounded-md border border-success p-4">
      <p role="alert" className="text-sm font-medium">
        Write these codes down or share them now: they will not be shown again.
      </p>
      <p className="text-sm text-muted-foreground">
        Giving a card by hand? Print it from My Gift Cards and write its code in the boxes: the printed card never
        carries the code.
      </p>
      <ul className="grid gap-2">
        {cards.map((card) => (
          <li key={card.cardNumber} className="grid gap-1 rounded-md bg-muted p-3 font-mono text-sm sm:grid-cols-2">
            <span>
              <span className="font-sans text-muted-foreground">Card number </span>
              {card.cardNumber}
            </span>
            <span>
              <span className="font-sans text-muted-foreground">Code </span>
              <span data-testid="gift-card-code">{card.code}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
