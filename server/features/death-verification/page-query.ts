import { z } from "zod";
import { DEATH_VERIFICATION_STATUSES } from "@shared/death-verification";

/** `?limit=&offset=` (contract: long lists are paginated, the total in X-Total-Count). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** The admin queue: `?status=` one status, else the ones awaiting a decision or in their waiting period. */
export const reviewQuery = pageQuery.extend({
  status: z.enum(DEATH_VERIFICATION_STATUSES).optional(),
});
