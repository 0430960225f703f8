import type { AssetBundleDto } from "@shared/trigger-types";
import type { BundleWithItems } from "./asset-bundles.service";

export function presentBundle({ bundle, items }: BundleWithItems): AssetBundleDto {
  return {
    id: bundle.id,
    name: bundle.name,
    description: bundle.description,
    category: bundle.category,
    quantity: bundle.quantity,
    price: bundle.price,
    status: bundle.status,
    items: items.map((i) => ({ kind: i.kind, id: i.id })),
    createdAt: bundle.createdAt.toISOString(),
    updatedAt: bundle.updatedAt.toISOString(),
  };
}
