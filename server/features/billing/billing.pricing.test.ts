import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MB, STORAGE_RATES, storagePriceCents, storageRateFor } from "@shared/plans";
import { BILLING_MESSAGES, purchaseStorageSchema, upgradePlanSchema } from "@shared/validators/billing";
import { downgradeRefusal, type UsageCounts } from "./billing.limits";
import { centsToDecimal, planPriceCents, storageQuoteCents, storageRateCents } from "./billing.pricing";

const empty: UsageCounts = {
  storageUsed: 0,
  fileCount: 0,
  documents: 0,
  images: 0,
  videos: 0,
  ipAssets: 0,
  beneficiaries: 0,
};

/**
 * Spec 000 §9, written out by hand: extra storage is 2.99 per GB from 1 GB, 1.99 from 10 GB and 0.99 from 50 GB, the
 * whole quantity at the tier it reaches. Each function that prices storage (the server's quote, the catalogue the
 * pricing screen shows) is held to these figures on its own, so a change to the rate table they share shows up here.
 */
const SPEC_STORAGE_PRICES: [gb: number, ratePerGB: string, cents: number][] = [
  [1, "2.99", 299],
  [9, "2.99", 2691],
  [10, "1.99", 1990],
  [49, "1.99", 9751],
  [50, "0.99", 4950],
  [1000, "0.99", 99000],
];

describe("storage pricing", () => {
  it.each(SPEC_STORAGE_PRICES)("the server quotes %i GB at %s a GB: %i cents", (gb, rate, cents) => {
    expect(storageQuoteCents(gb)).toBe(cents);
    expect(storageRateCents(gb)).toBe(Math.round(Number(rate) * 100));
  });

  it.each(SPEC_STORAGE_PRICES)("the pricing screen shows %i GB at %s a GB: %i cents", (gb, rate, cents) => {
    expect(storagePriceCents(gb)).toBe(cents);
    expect(storageRateFor(gb).toFixed(2)).toBe(rate);
  });

  it("lists the spec's tiers and savings on the pricing screen", () => {
    expect(STORAGE_RATES.map((t) => [t.minGB, t.ratePerGB.toFixed(2), t.savesPercent])).toEqual([
      [50, "0.99", 67],
      [10, "1.99", 33],
      [1, "2.99", 0],
    ]);
  });

  it("charges the quantity times one tier rate, in whole cents, never a mix of tiers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (gb) => {
        const rate = gb >= 50 ? 99 : gb >= 10 ? 199 : 299;
        expect(storageQuoteCents(gb)).toBe(gb * rate);
        expect(storagePriceCents(gb)).toBe(gb * rate);
      }),
    );
  });

  it("writes cents as the exact decimal the price column stores, and the spec's plan prices", () => {
    expect(centsToDecimal(2388)).toBe("23.88");
    expect(centsToDecimal(299)).toBe("2.99");
    expect(centsToDecimal(99000)).toBe("990.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(planPriceCents("freemium")).toBe(0);
    expect(planPriceCents("basic_premium")).toBe(1999);
    expect(planPriceCents("advanced_premium")).toBe(2999);
    expect(planPriceCents("professional")).toBe(4999);
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
