import { eq } from "drizzle-orm";
import { enhancedTrustedParties, users } from "@shared/schema";
import { fileOf } from "../../test/files";
import type { TestApp } from "../../test/harness";
import { enableTwoFactor } from "../../test/two-factor";

type SignedUp = Awaited<ReturnType<TestApp["signUp"]>>;

/**
 * Names `person` (a fresh account unless given) as an active trusted party of `subject`: the owner adds them through
 * the API, and the row is made active as the invitation's acceptance would (invitations.test.ts tests that path).
 */
export async function activeParty(
  t: TestApp,
  subject: SignedUp,
  opts: { person?: SignedUp; canInitiate?: boolean; name?: string } = {},
): Promise<{ partyId: number; person: SignedUp }> {
  const person = opts.person ?? (await t.signUp({ firstName: opts.name ?? "Kofi" }));
  const res = await subject.agent.post("/api/enhanced-trusted-parties").send({
    trustedPersonName: opts.name ?? "Kofi Boateng",
    trustedPersonEmail: person.user.email,
    relationship: "sibling",
    canInitiateDeathVerification: opts.canInitiate ?? true,
  });
  if (res.status !== 201) throw new Error(`adding a party failed: ${res.status} ${res.text}`);
  const partyId = res.body.id as number;
  await t.db
    .update(enhancedTrustedParties)
    .set({ status: "active", trustedPersonId: person.user.id, activatedAt: t.clock.now() })
    .where(eq(enhancedTrustedParties.id, partyId));
  return { partyId, person };
}

/** `party` asks for a death verification about `subject`; answers the request's id. */
export async function requestAbout(party: SignedUp, subject: SignedUp): Promise<number> {
  const res = await party.agent
    .post("/api/death-verification/request")
    .send({ subjectUserId: subject.user.id, requestorType: "trusted_party", ghanaHealthServiceCheck: true });
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${res.text}`);
  return res.body.id as number;
}

/** The signed-in owner's rehearsal; answers its id. */
export async function rehearse(owner: SignedUp): Promise<number> {
  const res = await owner.agent.post("/api/death-verification/request").send({ requestorType: "family_member" });
  if (res.status !== 201) throw new Error(`rehearsal failed: ${res.status} ${res.text}`);
  return res.body.id as number;
}

/** An admin as the role gate lets through: a verified address and two-factor sign-in on. */
export async function signUpAdmin(t: TestApp): Promise<SignedUp> {
  const admin = await t.signUp({ verified: true });
  await t.db.update(users).set({ userType: "admin" }).where(eq(users.id, admin.user.id));
  await enableTwoFactor(t, admin.agent);
  return admin;
}

/** Uploads `data` as evidence of `type` to request `id`. */
export function uploadEvidence(who: SignedUp, id: number, file: { name?: string; data?: Buffer; type?: string } = {}) {
  return who.agent
    .post(`/api/death-verification/requests/${id}/documents`)
    .field("documentType", file.type ?? "death_certificate")
    .attach("file", file.data ?? fileOf("pdf"), file.name ?? "certificate.pdf");
}

/** Every source check confirmed with a reference: 80 points before confirmations and documents. */
export const ALL_SOURCES = {
  ghanaHealthServiceCheck: { confirmed: true, reference: "GHS-2026-001" },
  birthsDeathsRegistryCheck: { confirmed: true, reference: "BDR/ACC/2026/77" },
  ghanaCardVerification: { confirmed: true, reference: "NIA-123" },
  mobileMoneyInactivity: { confirmed: true, reference: "MTN-INACTIVE-90D" },
  governmentRecordCheck: { confirmed: true, reference: "GOV-1" },
  medicalRecordCheck: { confirmed: true, reference: "KBTH-42" },
};
