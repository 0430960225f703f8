import type { ItemKind, TriggerStatus, TriggerType, VerificationMethod } from "./release-kinds";

/**
 * GET /api/asset-bundles items (and POST/PATCH answers): the owner's named groups (`category: "group"`) and, as
 * spec 000 lists them, their purchase records (storage bundles, no items).
 */
export type AssetBundleDto = {
  id: number;
  name: string;
  description: string | null;
  category: string;
  quantity: number;
  price: string;
  status: string;
  items: { kind: ItemKind; id: number }[];
  createdAt: string;
  updatedAt: string;
};

export type TriggerEventDto = { at: string; kind: string; details: Record<string, unknown> | null };

/** GET /api/triggers items; GET /api/triggers/:id adds `events`. */
export type TriggerDto = {
  id: number;
  beneficiaryId: number;
  beneficiaryName: string;
  assetId: number | null;
  assetBundleId: number | null;
  triggerType: TriggerType;
  triggerDate: string | null;
  inactivityDays: number | null;
  ageThreshold: number | null;
  message: string | null;
  requiresVerification: boolean;
  verificationMethod: VerificationMethod;
  description: string | null;
  status: TriggerStatus;
  /** What happens next and when: a warning to the owner, or the firing; null when nothing is scheduled. */
  nextEvent: { kind: "warning" | "fire"; at: string } | null;
  createdAt: string;
  triggeredAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  events?: TriggerEventDto[];
};
