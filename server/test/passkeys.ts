import type supertest from "supertest";
import type { PasskeySummary } from "@shared/validators/passkeys";
import type { SoftwareAuthenticator } from "./software-authenticator";

type Agent = ReturnType<typeof supertest.agent>;

/** Adds a passkey through the settings routes (options, the authenticator's answer, verification) as the SPA does. */
export async function addPasskey(agent: Agent, authenticator: SoftwareAuthenticator, name = "Laptop") {
  const options = await agent.post("/api/user/passkeys/options");
  if (options.status !== 200) throw new Error(`passkey options failed: ${options.status} ${options.text}`);
  const res = await agent.post("/api/user/passkeys").send({ name, response: authenticator.register(options.body) });
  if (res.status !== 201) throw new Error(`adding a passkey failed: ${res.status} ${res.text}`);
  return res.body as PasskeySummary;
}
