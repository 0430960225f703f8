import type { WillDto } from "@shared/api-types";
import type { DigitalWill } from "@shared/schema";

/** The contract's will object: an explicit field list, userId stays on the server. */
export function presentWill(w: DigitalWill): WillDto {
  return {
    id: w.id,
    title: w.title,
    content: w.content,
    isActive: w.isActive,
    version: w.version,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}
