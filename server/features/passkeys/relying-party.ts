import type { AppConfig } from "../../config";

/** Who the passkeys are for: the site PUBLIC_URL names. A passkey made for one host never signs in on another. */
export type RelyingParty = { id: string; name: string; origin: string };

export function relyingPartyOf(config: Pick<AppConfig, "publicUrl" | "publicOrigin">): RelyingParty {
  return { id: new URL(config.publicUrl).hostname, name: "Heirloom", origin: config.publicOrigin };
}
