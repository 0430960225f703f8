/** A field label with a visual required marker; the control itself carries aria-required. */
export function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}
      <span className="ml-0.5 text-destructive" aria-hidden="true">
        *
      </span>
    </>
  );
}
