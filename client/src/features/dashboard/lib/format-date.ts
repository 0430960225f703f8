const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A date in the reader's locale, e.g. "12 Mar 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DATE.format(date);
}
