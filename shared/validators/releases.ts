import { z } from "zod";

/**
 * The body of `POST /api/releases/open`. Any string up to a generous length is looked up (and simply misses), so a
 * malformed token gets the same 404 as an unknown one; only a body without a token string is a 400.
 */
export const openReleaseSchema = z.object({
  token: z.string({ error: "A release link token is required" }).max(200, { error: "Release link not found" }),
});
export type OpenReleaseInput = z.infer<typeof openReleaseSchema>;
