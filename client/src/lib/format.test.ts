import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatRelative } from "@/lib/format";

describe("formatDate", () => {
  it("writes the day before the month, as Ghana does", () => {
    expect(formatDate("2026-11-25T12:00:00.000Z")).toBe("25 Nov 2026");
    expect(formatDate(new Date(2026, 0, 3, 12))).toBe("3 Jan 2026");
  });

  it("keeps a calendar day stored at midnight UTC on its day when asked", () => {
    expect(formatDate("2026-12-01T00:00:00.000Z", { inUtc: true })).toBe("1 Dec 2026");
  });

  it("answers nothing for a value that is not a date", () => {
    expect(formatDate("soon")).toBe("");
    expect(formatDateTime("")).toBe("");
  });
});

describe("formatDateTime", () => {
  it("adds the time on a 24-hour clock", () => {
    expect(formatDateTime(new Date(2026, 10, 25, 14, 5))).toBe("25 Nov 2026, 14:05");
  });
});

describe("formatRelative", () => {
  const now = new Date(2026, 10, 25, 14, 0);
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it("says how long ago in words for the last week, then the day", () => {
    expect(formatRelative(before(20_000), now)).toBe("just now");
    expect(formatRelative(before(5 * 60_000), now)).toBe("5 min ago");
    expect(formatRelative(before(3 * 3_600_000), now)).toBe("3 h ago");
    expect(formatRelative(before(30 * 3_600_000), now)).toBe("yesterday");
    expect(formatRelative(before(4 * 86_400_000), now)).toBe("4 days ago");
    expect(formatRelative(new Date(2026, 10, 1, 9, 0), now)).toBe("1 Nov 2026");
    expect(formatRelative("soon", now)).toBe("");
  });
});

describe("formatMoney", () => {
  it("shows the currency the amount is in, with two decimals", () => {
    expect(formatMoney(29.99)).toBe("$29.99");
    expect(formatMoney(23.88, { currency: "USD" })).toBe("$23.88");
    expect(formatMoney(1250, { currency: "GHS" })).toBe("GH₵1,250.00");
  });

  it("drops the cents of a whole amount only when asked", () => {
    expect(formatMoney(0, { dropZeroCents: true })).toBe("$0");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(19.99, { dropZeroCents: true })).toBe("$19.99");
  });
});
