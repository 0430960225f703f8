import { describe, expect, it } from "vitest";
import { DEFAULT_ESTATE_DISTRIBUTION, type EstateDistributionFields } from "@shared/validators/estate-distribution";
import { dueKinds, planDistribution, type AssetCounts } from "./distribution-plan";

const VERIFIED = new Date("2026-03-01T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(VERIFIED.getTime() + ms);
const ASSETS: AssetCounts = {
  digital_files: 4,
  online_accounts: 2,
  intellectual_property: 1,
  financial_assets: 3,
  physical_assets: 1,
  digital_content: 5,
  personal_documents: 6,
};
const allIncluded: EstateDistributionFields = {
  ...DEFAULT_ESTATE_DISTRIBUTION,
  includeOnlineAccounts: true,
  includeFinancialAssets: true,
  includeIntellectualProperty: true,
};
const plan = (settings: EstateDistributionFields, legalReviewDoneAt?: Date) =>
  planDistribution({ settings, assets: ASSETS, deathVerifiedAt: VERIFIED, legalReviewDoneAt });
const kindsOf = (s: ReturnType<typeof plan>, timing: string) =>
  s.stages.find((stage) => stage.timing === timing)?.kinds.map((k) => k.kind);

describe("planDistribution", () => {
  it("with the spec's defaults releases digital files, content and documents at once and holds the rest", () => {
    const s = plan(DEFAULT_ESTATE_DISTRIBUTION);
    expect(s.stages.map((stage) => [stage.timing, stage.afterDays, stage.releaseAt?.toISOString() ?? null])).toEqual([
      ["immediate", 0, VERIFIED.toISOString()],
      ["legal_review", null, null],
    ]);
    expect(kindsOf(s, "immediate")).toEqual(["digital_files", "digital_content", "personal_documents"]);
    expect(kindsOf(s, "legal_review")).toEqual(["physical_assets"]);
    expect(s.excluded.map((k) => [k.kind, k.count])).toEqual([
      ["online_accounts", 2],
      ["intellectual_property", 1],
      ["financial_assets", 3],
    ]);
  });

  it("counts each kind's assets and a missing kind as none", () => {
    const s = planDistribution({
      settings: DEFAULT_ESTATE_DISTRIBUTION,
      assets: { digital_files: 7 },
      deathVerifiedAt: VERIFIED,
    });
    expect(s.stages[0].kinds).toEqual([
      { kind: "digital_files", count: 7 },
      { kind: "digital_content", count: 0 },
      { kind: "personal_documents", count: 0 },
    ]);
  });

  it("makes delayed kinds due exactly when the waiting period ends, not a millisecond before", () => {
    const s = plan({ ...allIncluded, waitingPeriodDays: 30 });
    expect(kindsOf(s, "delayed")).toEqual(["online_accounts", "intellectual_property", "financial_assets"]);
    const delayed = s.stages.find((stage) => stage.timing === "delayed");
    expect(delayed?.afterDays).toBe(30);
    expect(delayed?.releaseAt?.toISOString()).toBe("2026-03-31T12:00:00.000Z");
    expect(dueKinds(s, at(0))).toEqual(["digital_files", "digital_content", "personal_documents"]);
    expect(dueKinds(s, at(-1))).toEqual([]);
    expect(dueKinds(s, at(30 * DAY - 1))).not.toContain("financial_assets");
    expect(dueKinds(s, at(30 * DAY))).toEqual([
      "digital_files",
      "digital_content",
      "personal_documents",
      "online_accounts",
      "intellectual_property",
      "financial_assets",
    ]);
  });

  it("holds the waiting period's bounds: 1 day and 365 days", () => {
    const one = plan({ ...allIncluded, waitingPeriodDays: 1 }).stages.find((st) => st.timing === "delayed");
    expect(one?.releaseAt?.getTime()).toBe(VERIFIED.getTime() + DAY);
    const year = plan({ ...allIncluded, waitingPeriodDays: 365 }).stages.find((st) => st.timing === "delayed");
    expect(year?.releaseAt?.toISOString()).toBe("2027-03-01T12:00:00.000Z");
  });

  it("never makes a legal-review kind due until the review is marked done, then from that moment", () => {
    const open = plan(allIncluded);
    expect(dueKinds(open, at(10_000 * DAY))).not.toContain("physical_assets");
    const done = at(45 * DAY);
    const reviewed = plan(allIncluded, done);
    const stage = reviewed.stages.find((st) => st.timing === "legal_review");
    expect(stage).toMatchObject({ afterDays: 45, releaseAt: done });
    expect(dueKinds(reviewed, at(45 * DAY - 1))).not.toContain("physical_assets");
    expect(dueKinds(reviewed, done)).toContain("physical_assets");
  });

  it("does not release reviewed kinds before the death was verified when the review was done earlier", () => {
    const s = plan(allIncluded, at(-3 * DAY));
    expect(s.stages.find((st) => st.timing === "legal_review")).toMatchObject({ afterDays: 0, releaseAt: VERIFIED });
  });

  it("sends legal-review kinds with the delayed ones when no legal review is required", () => {
    const s = plan({ ...allIncluded, requiresLegalReview: false });
    expect(s.stages.map((stage) => stage.timing)).toEqual(["immediate", "delayed"]);
    expect(kindsOf(s, "delayed")).toContain("physical_assets");
  });

  it("releases delayed kinds at once with immediate distribution, but still waits for a legal review", () => {
    const s = plan({ ...allIncluded, immediateDistribution: true });
    expect(s.stages.map((stage) => stage.timing)).toEqual(["immediate", "legal_review"]);
    expect(kindsOf(s, "immediate")).toContain("financial_assets");
    expect(dueKinds(s, VERIFIED)).not.toContain("physical_assets");
  });

  it("leaves out every digital kind when digital files are not included", () => {
    const s = plan({ ...DEFAULT_ESTATE_DISTRIBUTION, includeDigitalFiles: false });
    expect(s.stages.map((stage) => stage.timing)).toEqual(["legal_review"]);
    expect(s.excluded.map((k) => k.kind)).toEqual([
      "digital_files",
      "online_accounts",
      "intellectual_property",
      "financial_assets",
      "digital_content",
      "personal_documents",
    ]);
  });

  it("follows the owner's own timing per kind", () => {
    const s = plan({
      ...allIncluded,
      categoryTimings: { ...allIncluded.categoryTimings, digital_files: "legal_review", financial_assets: "immediate" },
    });
    expect(kindsOf(s, "immediate")).toEqual(["financial_assets", "digital_content", "personal_documents"]);
    expect(kindsOf(s, "legal_review")).toEqual(["digital_files", "physical_assets"]);
  });
});
