import { Clapperboard, Files, FileText, Globe, House, Landmark, Lightbulb, type LucideIcon } from "lucide-react";
import type { AssetKind } from "@shared/asset-types";

/** The seven type cards in display order, with an icon and one line on what belongs there. */
export const KIND_DISPLAY: readonly { kind: AssetKind; icon: LucideIcon; blurb: string }[] = [
  { kind: "digital_files", icon: Files, blurb: "Documents, photos, videos and other files, encrypted." },
  { kind: "online_accounts", icon: Globe, blurb: "E-mail, social media, banking and other logins." },
  { kind: "financial_assets", icon: Landmark, blurb: "Investments, insurance policies, loans and wallets." },
  { kind: "physical_assets", icon: House, blurb: "Property, vehicles, valuables and storage units." },
  { kind: "intellectual_property", icon: Lightbulb, blurb: "Patents, trademarks, copyrights and domains." },
  { kind: "digital_content", icon: Clapperboard, blurb: "Creative work, business data and subscriptions." },
  { kind: "personal_documents", icon: FileText, blurb: "Legal, medical and family records." },
];

export function kindIcon(kind: AssetKind): LucideIcon {
  return KIND_DISPLAY.find((d) => d.kind === kind)?.icon ?? Files;
}
