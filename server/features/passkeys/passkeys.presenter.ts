import type { Passkey } from "@shared/schema";
import type { PasskeySummary } from "@shared/validators/passkeys";

/** What the settings list shows of a passkey: never the credential id, the public key, the counter or the handle. */
export function presentPasskey(p: Passkey): PasskeySummary {
  return {
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt ? p.lastUsedAt.toISOString() : null,
  };
}
