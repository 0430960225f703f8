const UNITS = ["B", "KB", "MB", "GB"] as const;

/** Sizes in B, KB, MB or GB with one decimal (spec 000 §9). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** The usage bar is capped at 100 % (spec 000 §9). */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, Math.max(0, (used / limit) * 100));
}

/**
 * An exact decimal string (PostgreSQL numeric, e.g. "-2.999000") to two places, half away from zero, without floats:
 * "-3.00". Commission and payout amounts are shown and printed through this.
 */
export function decimalToCents(value: string): string {
  const negative = value.trim().startsWith("-");
  const [whole = "0", frac = ""] = value.trim().replace(/^[-+]/, "").split(".");
  const cents = BigInt(`${whole || "0"}${frac.padEnd(2, "0").slice(0, 2)}`) + (Number(frac[2] ?? "0") >= 5 ? 1n : 0n);
  const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
  return negative && cents !== 0n ? `-${text}` : text;
}
