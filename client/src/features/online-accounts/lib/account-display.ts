import { Bitcoin, Cloud, Gamepad2, Globe, Landmark, Mail, Repeat, Share2, type LucideIcon } from "lucide-react";
import type { TypedAssetDto } from "@shared/api-types";

/** An online account as the API answers (spec 001 §3), sensitive fields decrypted for the owner. */
export type OnlineAccount = TypedAssetDto;

const TYPE_ICONS: Record<string, LucideIcon> = {
  email: Mail,
  social_media: Share2,
  banking: Landmark,
  subscription: Repeat,
  gaming: Gamepad2,
  cloud_storage: Cloud,
  cryptocurrency: Bitcoin,
  other: Globe,
};

export function accountTypeIcon(accountType: string | null): LucideIcon {
  return (accountType && TYPE_ICONS[accountType]) || Globe;
}

/** A text column of the account, or null when it is empty. */
export function field(account: OnlineAccount, name: string): string | null {
  const value = account[name];
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === "" ? null : text;
}

export const PRIORITY_BADGE = {
  high: "destructive",
  medium: "accent",
  low: "secondary",
} as const;

export function priorityOf(account: OnlineAccount): keyof typeof PRIORITY_BADGE {
  const value = field(account, "priority");
  return value === "high" || value === "low" ? value : "medium";
}
