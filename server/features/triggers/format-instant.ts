const INSTANT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** An instant as messages show it: "10 Dec 2026, 14:00 GMT" (Ghana keeps GMT all year). */
export function formatInstant(at: Date): string {
  return `${INSTANT.format(at)} GMT`;
}
