import { eq } from "drizzle-orm";
import { users } from "@shared/schema";
import type { TestApp } from "../../test/harness";
import { enableTwoFactor } from "../../test/two-factor";

/**
 * Test-only: an admin as the console needs one — a verified account made admin (as promote-admin does) with
 * two-factor sign-in on, so the `admin` access rule lets it through.
 */
export async function buildAdmin(t: TestApp, opts: { twoFactor?: boolean } = {}) {
  const account = await t.signUp({ verified: true, firstName: "Kofi", lastName: "Admin" });
  await t.db.update(users).set({ userType: "admin", roleChoice: "admin" }).where(eq(users.id, account.user.id));
  if (opts.twoFactor !== false) await enableTwoFactor(t, account.agent);
  return account;
}

/** Test-only: a signed-in agent with its second factor on (agent routes need both a verified e-mail and it). */
export async function buildAgentAccount(t: TestApp, fields: { firstName?: string; lastName?: string } = {}) {
  const account = await t.signUp({ userType: "agent", verified: true, ...fields });
  await enableTwoFactor(t, account.agent);
  return account;
}
