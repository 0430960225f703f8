import type { AssetKind } from "@shared/asset-types";
import { TYPED_KIND_OF, type ItemKind } from "@shared/release-kinds";

/** A bundle item's kind for a row of the unified asset list (files are `file`, typed kinds in the singular). */
export function itemKindOf(kind: AssetKind): ItemKind {
  if (kind === "digital_files") return "file";
  const found = Object.entries(TYPED_KIND_OF).find(([, typed]) => typed === kind);
  return (found?.[0] ?? "file") as ItemKind;
}

export const itemKey = (item: { kind: string; id: number }) => `${item.kind}:${item.id}`;
