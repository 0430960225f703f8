import type { Agent } from "supertest";
import { DEFAULT_ESTATE_DISTRIBUTION } from "@shared/validators/estate-distribution";

/** Settings unlike the defaults, so a restore that dropped them would show. */
export const SAVED_DISTRIBUTION = {
  ...DEFAULT_ESTATE_DISTRIBUTION,
  waitingPeriodDays: 45,
  includeFinancialAssets: true,
  categoryTimings: { ...DEFAULT_ESTATE_DISTRIBUTION.categoryTimings, financial_assets: "legal_review" },
} as const;

/**
 * Two trusted parties (one with every number, one revoked) and saved distribution settings, made through the API.
 * Answers the parties' ids.
 */
let seq = 0;
const emailOf = (name: string) => `${name}.${process.pid}.${++seq}@example.com`;

export async function buildTrustedParties(agent: Agent): Promise<number[]> {
  const ids: number[] = [];
  for (const body of [
    {
      trustedPersonName: "Kwame Asante",
      trustedPersonEmail: emailOf("kwame"),
      relationship: "attorney",
      trustedPersonPhone: "+233241234567",
      ghanaCardNumber: "GHA-123456789-1",
      mobileMoneyNumber: "+233201234567",
      traditionalAuthority: "Asante Traditional Council",
      canAccessAssets: true,
    },
    { trustedPersonName: "Efua Owusu", trustedPersonEmail: emailOf("efua"), relationship: "sibling" },
  ]) {
    const res = await agent.post("/api/enhanced-trusted-parties").send(body);
    if (res.status !== 201) throw new Error(`trusted party: ${res.status} ${res.text}`);
    ids.push(res.body.id as number);
  }
  const revoked = await agent.post(`/api/enhanced-trusted-parties/${ids[1]}/revoke`);
  if (revoked.status !== 200) throw new Error(`revoke: ${revoked.status}`);
  const saved = await agent.put("/api/estate-distribution").send(SAVED_DISTRIBUTION);
  if (saved.status !== 200) throw new Error(`estate distribution: ${saved.status} ${saved.text}`);
  return ids;
}
