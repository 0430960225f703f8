import type { ReauthInput } from "@shared/validators/auth";
import { apiRequest } from "@/lib/api-client";

/** Until when a step-up action (an export) passes without asking for the password; null: it must ask first. */
export async function getRecentAuth(): Promise<{ recentUntil: string | null }> {
  const res = await apiRequest("GET", "/api/user/reauth");
  return (await res.json()) as { recentUntil: string | null };
}

/** Confirms the password (the contract's step-up); a wrong one fails with 401, too many with 429. */
export async function confirmPassword(input: ReauthInput): Promise<void> {
  await apiRequest("POST", "/api/user/reauth", input);
}
