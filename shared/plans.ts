/**
 * The plan catalogue and extra-storage rates (spec 000 §9). One source for the landing page,
 * the pricing screens, the server's limit checks and the dashboard.
 */
export const PLAN_IDS = ["freemium", "basic_premium", "advanced_premium", "professional"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type PlanFeature =
  | "unlimited_files"
  | "unlimited_beneficiaries"
  | "time_triggers"
  | "death_verification"
  | "gift_cards"
  | "agent_collaboration"
  | "agent_dashboard";

export type PlanLimits = {
  /** Base storage in MB before any purchased extra storage. */
  baseStorageMB: number;
  /** null means unlimited. */
  files: number | null;
  documents: number | null;
  images: number | null;
  videos: number | null;
  ipAssets: number | null;
  beneficiaries: number | null;
};

export type Plan = {
  id: PlanId;
  name: string;
  priceUSD: number;
  /**
   * The published monthly price in Ghana cedis, in pesewas (exact minor units): a fixed price list beside the USD one,
   * not a live conversion (docs/decisions/017-cedi-prices.md). Mobile money and account credit pay this price.
   */
  priceGHSMinor: number;
  storageLabel: string;
  isMostPopular: boolean;
  ctaLabel: string;
  features: readonly string[];
  gates: readonly PlanFeature[];
  limits: PlanLimits;
};

export const PLANS: Record<PlanId, Plan> = {
  freemium: {
    id: "freemium",
    name: "Freemium",
    priceUSD: 0,
    priceGHSMinor: 0,
    storageLabel: "10MB",
    isMostPopular: false,
    ctaLabel: "Get Started Free",
    features: ["10MB storage", "25 file limit", "Basic digital will", "3 beneficiaries"],
    gates: [],
    limits: {
      baseStorageMB: 10,
      files: 25,
      documents: 100,
      images: 500,
      videos: 20,
      ipAssets: 10,
      beneficiaries: 3,
    },
  },
  basic_premium: {
    id: "basic_premium",
    name: "Basic Premium",
    priceUSD: 19.99,
    priceGHSMinor: 25000,
    storageLabel: "2GB",
    isMostPopular: false,
    ctaLabel: "Upgrade",
    features: [
      "2GB storage",
      "Unlimited files",
      "Advanced digital will",
      "Unlimited beneficiaries",
      "Time-based triggers",
    ],
    gates: ["unlimited_files", "unlimited_beneficiaries", "time_triggers"],
    limits: {
      baseStorageMB: 2048,
      files: null,
      documents: null,
      images: null,
      videos: null,
      ipAssets: null,
      beneficiaries: null,
    },
  },
  advanced_premium: {
    id: "advanced_premium",
    name: "Advanced Premium",
    priceUSD: 29.99,
    priceGHSMinor: 37500,
    storageLabel: "10GB",
    isMostPopular: true,
    ctaLabel: "Upgrade",
    features: [
      "10GB storage",
      "Family asset management",
      "Priority support",
      "Agent collaboration",
      "Ghana gift cards",
      "Mobile money",
      "Death verification",
    ],
    gates: [
      "unlimited_files",
      "unlimited_beneficiaries",
      "time_triggers",
      "death_verification",
      "gift_cards",
      "agent_collaboration",
    ],
    limits: {
      baseStorageMB: 10240,
      files: null,
      documents: null,
      images: null,
      videos: null,
      ipAssets: null,
      beneficiaries: null,
    },
  },
  professional: {
    id: "professional",
    name: "Professional",
    priceUSD: 49.99,
    priceGHSMinor: 62500,
    storageLabel: "50GB",
    isMostPopular: false,
    ctaLabel: "Contact Sales",
    features: [
      "50GB storage",
      "Agent dashboard",
      "Multi-client management",
      "Client management",
      "Commission tracking",
      "White label",
    ],
    gates: [
      "unlimited_files",
      "unlimited_beneficiaries",
      "time_triggers",
      "death_verification",
      "gift_cards",
      "agent_collaboration",
      "agent_dashboard",
    ],
    limits: {
      baseStorageMB: 51200,
      files: null,
      documents: null,
      images: null,
      videos: null,
      ipAssets: null,
      beneficiaries: null,
    },
  },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/**
 * The plans an agent account may hold (docs/decisions/014-agents.md): Professional, whose `agent_dashboard` gate lets
 * them invite clients, or Freemium. The client plans are for clients; the server refuses them to agents and the
 * pricing page does not offer them.
 */
export const AGENT_PLAN_IDS: readonly PlanId[] = ["freemium", "professional"];

/** Users created before any plan choice carry "free" (spec 000 §3); it is the freemium plan. */
export function normalizePlanId(plan: string | null | undefined): PlanId {
  return (PLAN_IDS as readonly string[]).includes(plan ?? "") ? (plan as PlanId) : "freemium";
}

export function can(user: { plan: string | null | undefined }, feature: PlanFeature): boolean {
  return PLANS[normalizePlanId(user.plan)].gates.includes(feature);
}

export const MB = 1024 * 1024;

/** Total storage limit in bytes = base MB + additional GB × 1024 MB (spec 000 §9). */
export function storageLimitBytes(plan: PlanId, additionalStorageGB: number): number {
  return (PLANS[plan].limits.baseStorageMB + additionalStorageGB * 1024) * MB;
}

/** Extra storage, priced entirely at the tier its quantity reaches (spec 000 §9). */
export const STORAGE_RATES = [
  { minGB: 50, ratePerGB: 0.99, rateGHSMinor: 1250, label: "50GB+", savesPercent: 67 },
  { minGB: 10, ratePerGB: 1.99, rateGHSMinor: 2500, label: "10GB+", savesPercent: 33 },
  { minGB: 1, ratePerGB: 2.99, rateGHSMinor: 3750, label: "1GB+", savesPercent: 0 },
] as const;

export const STORAGE_GB_MIN = 1;
export const STORAGE_GB_MAX = 1000;

export function storageRateFor(gb: number): number {
  const tier = STORAGE_RATES.find((t) => gb >= t.minGB);
  return tier ? tier.ratePerGB : STORAGE_RATES[STORAGE_RATES.length - 1].ratePerGB;
}

/** Monthly price in USD cents, so money never travels as a float. */
export function storagePriceCents(gb: number): number {
  return Math.round(gb * storageRateFor(gb) * 100);
}

/** The tier's published per-GB monthly rate in pesewas (GHS 37.50, 25.00, 12.50). */
export function storageRateGHSMinorFor(gb: number): number {
  const tier = STORAGE_RATES.find((t) => gb >= t.minGB) ?? STORAGE_RATES[STORAGE_RATES.length - 1];
  return tier.rateGHSMinor;
}

/** Extra storage in cedis: the whole quantity at its tier's published rate, in pesewas (12 GB → 12 × 2500 = 30000). */
export function storagePriceGHSMinor(gb: number): number {
  return gb * storageRateGHSMinorFor(gb);
}

/** A plan's published monthly price in pesewas. */
export function planPriceGHSMinor(planId: PlanId): number {
  return PLANS[planId].priceGHSMinor;
}

/** The form falls back to 1 for non-numeric input (spec 000 §5). */
export function parseStorageQuantity(raw: string): number {
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) return 1;
  return Math.min(STORAGE_GB_MAX, Math.max(STORAGE_GB_MIN, n));
}
