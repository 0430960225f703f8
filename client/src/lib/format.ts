/**
 * One way to show dates and money across the app. Ghana writes the day before the month ("25 Nov 2026"); en-GB has
 * that order and ships with every browser's locale data. Amounts keep the currency the data is in (plan prices are
 * USD, spec 000 §9; gift cards will be GHS), with its narrow symbol ("$19.99", "GH₵50.00").
 */
const LOCALE = "en-GB";

const DATE = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "short", year: "numeric" });
const DATE_UTC = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const DATE_TIME = new Intl.DateTimeFormat(LOCALE, {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A day, e.g. "25 Nov 2026", in the reader's time zone; "" for a value that is not a date. `inUtc` for a calendar day
 * the server stores as midnight UTC (a billing date), which must not move a day west of Greenwich.
 */
export function formatDate(value: string | Date, options: { inUtc?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return "";
  return (options.inUtc ? DATE_UTC : DATE).format(date);
}

/** A moment, e.g. "25 Nov 2026, 14:05", in the reader's time zone; "" for a value that is not a date. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? DATE_TIME.format(date) : "";
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, in words, for recent moments ("just now", "5 min ago", "3 h ago", "yesterday", "4 days ago"); a week
 * or more back, the day itself ("25 Nov 2026"). "" for a value that is not a date.
 */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "";
  const ago = now.getTime() - date.getTime();
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return "yesterday";
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return formatDate(date);
}

export type Currency = "USD" | "GHS";

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount with its currency's symbol and two decimals: "$19.99", "GH₵1,250.00". `dropZeroCents` writes a whole
 * amount without them ("$0" on a free plan's card).
 */
export function formatMoney(amount: number, options: { currency?: Currency; dropZeroCents?: boolean } = {}): string {
  const { currency = "USD", dropZeroCents = false } = options;
  const digits = dropZeroCents && Number.isInteger(amount) ? 0 : 2;
  const key = `${currency}:${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

const INSTANT_UTC = new Intl.DateTimeFormat(LOCALE, {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** A moment as the server's messages write it, e.g. "10 Dec 2026, 14:00 GMT" (Ghana keeps GMT all year). */
export function formatInstantGmt(value: string | Date): string {
  const date = toDate(value);
  return date ? `${INSTANT_UTC.format(date)} GMT` : "";
}
