import { describe, expect, it } from "vitest";
import type { BeneficiaryDto } from "@shared/api-types";
import { filterBeneficiaries } from "./filter-beneficiaries";

function beneficiary(id: number, firstName: string, lastName: string, email: string, relationship: string) {
  const at = "2026-01-01T00:00:00.000Z";
  return {
    id,
    firstName,
    lastName,
    email,
    relationship,
    status: "pending",
    verifiedAt: null,
    createdAt: at,
    updatedAt: at,
    verificationMail: "sent",
  } satisfies BeneficiaryDto;
}

const LIST = [
  beneficiary(1, "Kwame", "Ɔsɛi", "kwame@example.com", "sibling"),
  beneficiary(2, "Ama", "Mensah", "ama.m@example.org", "spouse"),
  beneficiary(3, "José", "Núñez", "jose@example.net", "friend"),
];

const ids = (query: string) => filterBeneficiaries(LIST, query).map((b) => b.id);

describe("filterBeneficiaries", () => {
  it("returns everyone for an empty or blank query", () => {
    expect(ids("")).toEqual([1, 2, 3]);
    expect(ids("   ")).toEqual([1, 2, 3]);
  });

  it("matches the name, the e-mail and the relationship, ignoring case", () => {
    expect(ids("MENSAH")).toEqual([2]);
    expect(ids("example.net")).toEqual([3]);
    expect(ids("spouse")).toEqual([2]);
  });

  it("needs every word to match, across fields", () => {
    expect(ids("kwame sibling")).toEqual([1]);
    expect(ids("kwame spouse")).toEqual([]);
  });

  it("ignores accents but keeps distinct letters distinct", () => {
    expect(ids("jose nunez")).toEqual([3]);
    expect(ids("Ɔsɛi")).toEqual([1]);
    expect(ids("osei")).toEqual([]);
  });
});
