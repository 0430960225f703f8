import { eq } from "drizzle-orm";
import type { Agent } from "supertest";
import { users } from "@shared/schema";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../features/two-factor/totp";
import type { TestApp } from "./harness";

/** The code the user's app shows now by the test's clock, or `steps` time steps later (negative: earlier). */
export function codeNow(t: TestApp, secret: string, steps = 0): string {
  return totpCodeAt(secret, new Date(t.clock.now().getTime() + steps * TOTP_PERIOD_SECONDS * 1000));
}

/** Moves the test's clock on by whole TOTP time steps. */
export function advanceSteps(t: TestApp, steps: number): void {
  t.clock.advance(steps * TOTP_PERIOD_SECONDS * 1000);
}

/**
 * Turns two-factor sign-in on through the API, as the person would (set-up, then the first code), for a user whose
 * address counts as proved, and moves the clock
 * past that code's step so the next code is a fresh one. Answers the secret and the recovery codes.
 */
export async function enableTwoFactor(t: TestApp, agent: Agent): Promise<{ secret: string; recoveryCodes: string[] }> {
  // Set-up needs a proved address (two-factor.test.ts tests the refusal): a precondition here, not the subject.
  const me = await agent.get("/api/user");
  if (me.status !== 200) throw new Error(`not signed in: ${me.status}`);
  await t.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.id, me.body.id as number));
  const setup = await agent.post("/api/2fa/totp/setup");
  if (setup.status !== 200) throw new Error(`set-up failed: ${setup.status} ${setup.text}`);
  const secret = setup.body.secret as string;
  const enabled = await agent.post("/api/2fa/totp/enable").send({ code: codeNow(t, secret) });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${enabled.text}`);
  advanceSteps(t, 2);
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

/** Six digits that are not the code of the current step nor of either neighbour: a guaranteed wrong code. */
export function wrongCode(t: TestApp, secret: string): string {
  const near = new Set([-1, 0, 1].map((steps) => codeNow(t, secret, steps)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}
