import { eq } from "drizzle-orm";
import { agentProfiles } from "@shared/schema";
import type { TestApp } from "../../test/harness";
import { enableTwoFactor } from "../../test/two-factor";

type SignedUp = Awaited<ReturnType<TestApp["signUp"]>>;
export type TestAgent = SignedUp & { profileId: number };

/**
 * An agent as the product makes one: registered as an agent, e-mail verified, second factor on, a profile, and the
 * Professional plan (the agent dashboard's gate). `rate` sets the commission as an admin would.
 */
export async function signUpAgent(t: TestApp, opts: { rate?: string; email?: string } = {}): Promise<TestAgent> {
  const signedUp = await t.signUp({
    userType: "agent",
    verified: true,
    firstName: "Kwesi",
    lastName: "Appiah",
    email: opts.email,
  });
  await enableTwoFactor(t, signedUp.agent);
  const profile = await signedUp.agent.post("/api/agent/profile").send({ businessName: "Appiah & Co Estates" });
  if (profile.status !== 201) throw new Error(`profile failed: ${profile.status} ${profile.text}`);
  const plan = await signedUp.agent.post("/api/upgrade-plan").send({ planId: "professional" });
  if (plan.status !== 200) throw new Error(`plan failed: ${plan.status} ${plan.text}`);
  if (opts.rate) {
    await t.db.update(agentProfiles).set({ commissionRate: opts.rate }).where(eq(agentProfiles.id, profile.body.id));
  }
  return { ...signedUp, profileId: profile.body.id as number };
}

/** The agent invites `email`; answers the token from the invitation's `inviteUrl`. */
export async function inviteClient(agent: TestAgent, email: string, names = { firstName: "Abena", lastName: "Owusu" }) {
  const res = await agent.agent.post("/api/agent/invitations").send({ email, ...names });
  if (res.status !== 201) throw new Error(`invite failed: ${res.status} ${res.text}`);
  return { id: res.body.id as number, token: String(res.body.inviteUrl).split("/").pop()!, body: res.body };
}

/** A client linked to `agent` through an accepted invitation. */
export async function linkedClient(t: TestApp, agent: TestAgent) {
  const email = t.uniqueEmail("client");
  const { token } = await inviteClient(agent, email);
  const client = await t.signUp({ email });
  const accepted = await client.agent.post("/api/agent/accept-invitation").send({ token });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
  return client;
}
