import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { assetReleases, estateDistributionSettings, releaseItems } from "@shared/schema";
import type { TestApp } from "../../test/harness";
import { SAMPLES } from "../../test/typed-asset-samples";
import {
  ALL_SOURCES,
  activeParty,
  requestAbout,
  signUpAdmin,
  uploadEvidence,
} from "../death-verification/dv.test-support";
import { triggerOwner, type TriggerOwner } from "../triggers/triggers.test-support";

/**
 * An owner whose distribution releases files at once, online accounts 10 days later and physical assets after a
 * legal review, with one asset of each of those kinds assigned to their beneficiary (and a file assigned to no one).
 */
export async function distributingOwner(t: TestApp) {
  const owner = await triggerOwner(t);
  const put = await owner.agent
    .put("/api/estate-distribution")
    .send({ waitingPeriodDays: 10, includeOnlineAccounts: true });
  expect(put.status, put.text).toBe(200);
  const upload = (assigned?: number) => {
    const req = owner.agent.post("/api/assets/upload").field("category", "documents");
    if (assigned) req.field("assignedToBeneficiary", String(assigned));
    return req.attach("files", Buffer.from("%PDF-1.4\n%deed\n%%EOF\n"), {
      filename: "deed.pdf",
      contentType: "application/pdf",
    });
  };
  expect((await upload(owner.beneficiaryId)).status).toBe(201);
  expect((await upload()).status).toBe(201);
  for (const kind of ["online_accounts", "physical_assets"] as const) {
    const res = await owner.agent
      .post(SAMPLES[kind].path)
      .send({ ...SAMPLES[kind].body, assignedToBeneficiary: owner.beneficiaryId });
    expect(res.status, res.text).toBe(201);
  }
  return owner;
}

/** Two active parties of `subject`; the first reports, the second confirms, an admin verifies. */
export async function verifyDeath(t: TestApp, subject: TriggerOwner) {
  const asker = await activeParty(t, subject, { name: "Asker" });
  const other = await activeParty(t, subject, { name: "Other" });
  const admin = await signUpAdmin(t);
  const id = await requestAbout(asker.person, subject);
  const doc = await uploadEvidence(asker.person, id);
  expect(doc.status).toBe(201);
  const confirm = await other.person.agent
    .post(`/api/death-verification/requests/${id}/confirm`)
    .send({ decision: "confirm" });
  expect(confirm.status).toBe(200);
  const review = await admin.agent
    .post(`/api/admin/death-verifications/${id}/review`)
    .send({ checks: ALL_SOURCES, documents: [{ id: doc.body.id, status: "verified" }], decision: "verify" });
  expect(review.status, review.text).toBe(200);
  return { id, admin, asker };
}

export const settingsOf = async (t: TestApp, userId: number) =>
  (await t.db.select().from(estateDistributionSettings).where(eq(estateDistributionSettings.userId, userId)))[0];

/** The owner's releases, oldest first, each with the kinds of item it holds. */
export async function releasesWithKinds(t: TestApp, userId: number) {
  const rows = await t.db
    .select()
    .from(assetReleases)
    .where(eq(assetReleases.userId, userId))
    .orderBy(assetReleases.id);
  const out = [];
  for (const r of rows) {
    const items = await t.db.select().from(releaseItems).where(eq(releaseItems.releaseId, r.id));
    out.push({ ...r, kinds: items.map((i) => i.kind).sort() });
  }
  return out;
}
