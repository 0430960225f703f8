import { describe, expect, it } from "vitest";
import { normalizePhone, optionalPhone, PHONE_MESSAGE } from "./phone";

describe("normalizePhone", () => {
  it.each([
    ["024 123 4567", "+233241234567"],
    ["0241234567", "+233241234567"],
    ["+233 24 123 4567", "+233241234567"],
    ["+233 (0)24-123-4567", "+233241234567"],
    ["00233 24 123 4567", "+233241234567"],
    ["+233.20.123.4567", "+233201234567"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+1 (415) 555-2671", "+14155552671"],
    ["\u202a+233 24 123 4567\u202c", "+233241234567"],
  ])("reads %j as %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ["a local number of another length", "024 123 456"],
    ["+233 with eight digits", "+233 24 123 456"],
    ["+233 with ten digits", "+233 24 123 45678"],
    ["no country code and no leading 0", "241234567"],
    ["a country code starting with 0", "+0 24 123 4567"],
    ["more than 15 digits", "+1234567890123456"],
    ["letters", "+233 24 CALL ME"],
    ["an e-mail address", "ama@example.com"],
    ["a very long input", `+233${" ".repeat(40)}241234567`],
  ])("refuses %s", (_what, input) => {
    expect(normalizePhone(input)).toBeUndefined();
  });
});

describe("optionalPhone", () => {
  it("answers null for an empty field or null, and the E.164 form otherwise", () => {
    expect(optionalPhone.parse("")).toBeNull();
    expect(optionalPhone.parse("   ")).toBeNull();
    expect(optionalPhone.parse(null)).toBeNull();
    expect(optionalPhone.parse(" 054 987 6543 ")).toBe("+233549876543");
  });

  it("refuses what is not a number with the message that names both accepted forms", () => {
    const result = optionalPhone.safeParse("12345");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
    expect(optionalPhone.safeParse(233241234567).error?.issues[0].message).toBe(PHONE_MESSAGE);
  });
});
