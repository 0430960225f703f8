import { z } from "zod";
import { TYPED_ASSET_KINDS } from "../asset-types";

/**
 * Typed-asset lists (GET /api/<type>): the Assets screen counts whole lists, so the default page is large; the
 * total is also sent in X-Total-Count.
 */
export const typedAssetListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** GET /api/asset-index: the All Assets tab (search on the title, filter by kind, paginated). */
export const assetIndexQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: z.string().trim().max(200).optional(),
  kind: z.enum(["digital_files", ...TYPED_ASSET_KINDS], { error: "Unknown asset kind" }).optional(),
});
export type AssetIndexQuery = z.infer<typeof assetIndexQuery>;
