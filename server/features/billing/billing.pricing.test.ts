import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MB, storagePriceCents } from "@shared/plans";
import { BILLING_MESSAGES, purchaseStorageSchema, upgradePlanSchema } from "@shared/validators/billing";
import { downgradeRefusal, type UsageCounts } from "./billing.limits";
import { centsToDecimal, planPriceCents, storageQuoteCents } from "./billing.pricing";

const empty: UsageCounts = {
  storageUsed: 0,
  fileCount: 0,
  documents: 0,
  images: 0,
  videos: 0,
  ipAssets: 0,
  beneficiaries: 0,
};

describe("storage pricing", () => {
  it.each([
    [1, 299],
    [9, 2691],
    [10, 1990],
    [49, 9751],
    [50, 4950],
    [1000, 99000],
  ])("prices %i GB entirely at its tier rate: %i cents", (gb, cents) => {
    expect(storageQuoteCents(gb)).toBe(cents);
  });

  it("agrees with the shared catalogue for every allowed quantity, in whole cents", () => {
    for (let gb = 1; gb <= 1000; gb += 1) {
      expect(storageQuoteCents(gb)).toBe(storagePriceCents(gb));
      expect(Number.isInteger(storageQuoteCents(gb))).toBe(true);
    }
  });

  it("charges the quantity times one tier rate, never a mix of tiers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (gb) => {
        const rate = gb >= 50 ? 99 : gb >= 10 ? 199 : 299;
        expect(storageQuoteCents(gb)).toBe(gb * rate);
      }),
    );
  });

  it("writes cents as the exact decimal the price column stores", () => {
    expect(centsToDecimal(2388)).toBe("23.88");
    expect(centsToDecimal(299)).toBe("2.99");
    expect(centsToDecimal(99000)).toBe("990.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(planPriceCents("basic_premium")).toBe(1999);
    expect(planPriceCents("freemium")).toBe(0);
  });
});

describe("billing schemas", () => {
  it.each([0, 1001, 2.5, -1, "abc", "12", null, undefined, Number.NaN])("refuses storageGB %s", (storageGB) => {
    const result = purchaseStorageSchema.safeParse({ storageGB });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(BILLING_MESSAGES.storageGB);
  });

  it.each([1, 9, 10, 49, 50, 1000])("accepts storageGB %i", (storageGB) => {
    expect(purchaseStorageSchema.parse({ storageGB })).toEqual({ storageGB });
  });

  it("accepts only catalogue plan ids", () => {
    expect(upgradePlanSchema.safeParse({ planId: "basic_premium" }).success).toBe(true);
    expect(upgradePlanSchema.safeParse({ planId: "free" }).success).toBe(false);
    expect(upgradePlanSchema.safeParse({ planId: "enterprise" }).success).toBe(false);
  });
});

describe("downgradeRefusal", () => {
  it("says how much storage and which records to remove", () => {
    const counts = { ...empty, storageUsed: Math.round(14.2 * MB), fileCount: 28, beneficiaries: 5 };
    expect(downgradeRefusal(counts, "freemium", 0)).toBe(
      "Your files use 14.2 MB but Freemium allows 10.0 MB. Remove 4.2 MB of files, 2 beneficiaries and 3 files before switching.",
    );
  });

  it("names per-type excess even when the storage fits", () => {
    const counts = { ...empty, fileCount: 25, videos: 21, beneficiaries: 4 };
    expect(downgradeRefusal(counts, "freemium", 0)).toBe(
      "Your data does not fit the Freemium plan. Remove 1 beneficiary and 1 video before switching.",
    );
  });

  it("counts purchased storage towards the target plan", () => {
    const counts = { ...empty, storageUsed: 500 * MB };
    expect(downgradeRefusal(counts, "freemium", 1)).toBeNull();
    expect(downgradeRefusal({ ...counts, storageUsed: 3 * 1024 * MB }, "basic_premium", 0)).toMatch(
      /^Your files use 3\.0 GB but Basic Premium allows 2\.0 GB\. Remove 1\.0 GB of files before switching\.$/,
    );
  });

  it("lets data that fits switch", () => {
    expect(downgradeRefusal({ ...empty, fileCount: 25, beneficiaries: 3 }, "freemium", 0)).toBeNull();
  });
});
