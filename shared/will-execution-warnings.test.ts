import { describe, expect, it } from "vitest";
import { executionWarnings, samePerson, type BeneficiaryForWarnings } from "./will-execution-warnings";

const witness = (fullName: string, extra: Record<string, string> = {}) => ({
  fullName,
  address: "Accra",
  occupation: "Trader",
  ...extra,
});
const beneficiary = (firstName: string, lastName: string, relationship = "child"): BeneficiaryForWarnings => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  relationship,
});
const codes = (...args: Parameters<typeof executionWarnings>) => executionWarnings(...args).map((w) => w.code);

describe("executionWarnings", () => {
  it("says nothing for two different witnesses who receive nothing", () => {
    expect(codes({ testatorName: "Kwame", witnesses: [witness("Ama"), witness("Yaw")] }, [])).toEqual([]);
  });

  it("counts the witnesses: none, or only one", () => {
    const none = executionWarnings({ testatorName: "Kwame", witnesses: [] }, []);
    expect(none).toEqual([{ code: "too_few_witnesses", message: expect.stringContaining("none is named") }]);
    expect(codes({ testatorName: "Kwame", witnesses: [witness("Ama")] }, [])).toEqual(["too_few_witnesses"]);
  });

  it("finds the same person twice by name (case, spacing and composed letters ignored) or by e-mail", () => {
    const decomposed = "Ɔsɛi Ama".normalize("NFD");
    expect(codes({ testatorName: "K", witnesses: [witness("ɔsɛi  ama"), witness(decomposed)] }, [])).toEqual([
      "same_witness_twice",
    ]);
    const byMail = [witness("Ama", { email: "a@x.com" }), witness("Abena", { email: "A@X.com" })];
    expect(codes({ testatorName: "K", witnesses: byMail }, [])).toEqual(["same_witness_twice"]);
  });

  it("flags the testator as a witness", () => {
    expect(codes({ testatorName: "Kwame Asante", witnesses: [witness("kwame asante"), witness("Yaw")] }, [])).toEqual([
      "witness_is_testator",
    ]);
  });

  it("flags a witness who is a beneficiary by name or e-mail, and one whose spouse is", () => {
    const list = [beneficiary("Ɛsi", "Mensah"), beneficiary("Kofi", "Boateng")];
    const byName = witness("ƐSI MENSAH");
    const byEmail = witness("K. Boateng", { email: "KOFI@example.com" });
    expect(codes({ testatorName: "K", witnesses: [byName, byEmail] }, list)).toEqual([
      "witness_is_beneficiary",
      "witness_is_beneficiary",
    ]);
    const spouse = witness("Abena Boateng", { spouseName: "Kofi Boateng" });
    const [warning] = executionWarnings({ testatorName: "K", witnesses: [spouse, witness("Yaw")] }, list);
    expect(warning).toEqual({
      code: "witness_spouse_is_beneficiary",
      message:
        "Abena Boateng's spouse Kofi Boateng is your beneficiary: a gift to a witness's spouse fails, though the will stands. Choose another witness.",
    });
  });

  it("never matches empty names or e-mails", () => {
    expect(samePerson("", "")).toBe(false);
    expect(samePerson(undefined, undefined)).toBe(false);
    expect(samePerson(" ", " ")).toBe(false);
  });
});
