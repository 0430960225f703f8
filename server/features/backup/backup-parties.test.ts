import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackupDocument } from "@shared/backup-format";
import { enhancedTrustedParties, outboxMessages } from "@shared/schema";
import { TRUSTED_PARTY_MAX } from "@shared/validators/trusted-parties";
import { startTestApp, type TestApp } from "../../test/harness";
import { exportBackup, importBackup, parseJson } from "./backup.test-support";
import { buildTrustedParties, SAVED_DISTRIBUTION } from "./backup-parties.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const partiesOf = (userId: number) =>
  t.db.select().from(enhancedTrustedParties).where(eq(enhancedTrustedParties.userId, userId));
const json = (doc: BackupDocument) => Buffer.from(JSON.stringify(doc));

describe("backups of trusted parties and estate distribution settings", () => {
  it("exports the parties with their numbers in plain text, and never a token, expiry or linked account", async () => {
    const source = await t.signUp();
    await buildTrustedParties(source.agent);
    const res = await exportBackup(source.agent, "json");
    expect(res.status).toBe(200);
    const text = (res.body as Buffer).toString("utf8");
    const doc = parseJson(res.body as Buffer);
    expect(doc.trustedParties?.map((p) => [p.trustedPersonName, p.status])).toEqual([
      ["Kwame Asante", "inactive"],
      ["Efua Owusu", "revoked"],
    ]);
    expect(doc.trustedParties?.[0]).toMatchObject({
      trustedPersonPhone: "+233241234567",
      ghanaCardNumber: "GHA-123456789-1",
      mobileMoneyNumber: "+233201234567",
      canAccessAssets: true,
    });
    const [stored] = await partiesOf(source.user.id);
    expect(stored.invitationTokenHash).toMatch(/^[a-f0-9]{64}$/);
    expect(text).not.toContain(stored.invitationTokenHash);
    expect(text).not.toMatch(/invitation|trustedPersonId|revokedAt|activatedAt/);
    expect(doc.estateDistribution).toEqual(SAVED_DISTRIBUTION);
  });

  it("exports null settings while the defaults stand", async () => {
    const { agent } = await t.signUp();
    const doc = parseJson((await exportBackup(agent, "json")).body as Buffer);
    expect(doc.trustedParties).toEqual([]);
    expect(doc.estateDistribution).toBeNull();
  });

  it("restores the parties inactive, uninvited and unlinked, encrypted for the new owner, sending nothing", async () => {
    const source = await t.signUp({ verified: true });
    await buildTrustedParties(source.agent);
    const data = (await exportBackup(source.agent, "json")).body as Buffer;
    const target = await t.signUp({ verified: true });
    const mailBefore = await t.db.select().from(outboxMessages);

    const res = await importBackup(target.agent, data, "backup.json");
    expect(res.status, res.text).toBe(201);
    expect(res.body.created.trustedParties).toBe(2);

    const rows = await partiesOf(target.user.id);
    expect(rows.map((r) => [r.trustedPersonName, r.status, r.trustedPersonId, r.invitationTokenHash])).toEqual([
      ["Kwame Asante", "inactive", null, null],
      ["Efua Owusu", "inactive", null, null],
    ]);
    const kwame = rows[0];
    for (const value of [kwame.ghanaCardNumber, kwame.trustedPersonPhone, kwame.mobileMoneyNumber]) {
      expect(value).toMatch(/^v1\./);
    }
    expect(kwame.ghanaCardNumber).not.toContain("123456789");
    expect((await t.db.select().from(outboxMessages)).length).toBe(mailBefore.length);

    // the owner's list shows them waiting, and the edit form reads the numbers back under the new key
    const list = (await target.agent.get("/api/enhanced-trusted-parties")).body as { id: number; status: string }[];
    expect(list.map((p) => p.status)).toEqual(["inactive", "inactive"]);
    const one = await target.agent.get(`/api/enhanced-trusted-parties/${kwame.id}`);
    expect(one.body.ghanaCardNumber).toBe("GHA-123456789-1");
    // and a fresh invitation can be sent
    expect((await target.agent.post(`/api/enhanced-trusted-parties/${kwame.id}/resend-invitation`)).status).toBe(200);
    expect((await target.agent.get("/api/estate-distribution")).body).toMatchObject({
      ...SAVED_DISTRIBUTION,
      status: "pending",
    });
    expect((await target.agent.get("/api/dashboard/stats")).body.trustedParties).toBe(2);
  });

  it("restores a backup made before these sections existed, keeping the settings in force", async () => {
    const source = await t.signUp();
    const doc = parseJson((await exportBackup(source.agent, "json")).body as Buffer);
    delete doc.trustedParties;
    delete doc.estateDistribution;
    const target = await t.signUp();
    await target.agent.put("/api/estate-distribution").send({ waitingPeriodDays: 12 });
    const res = await importBackup(target.agent, json(doc), "backup.json");
    expect(res.status, res.text).toBe(201);
    expect(res.body.created.trustedParties).toBe(0);
    expect((await target.agent.get("/api/estate-distribution")).body.waitingPeriodDays).toBe(12);
  });

  it("refuses a party the form would refuse, or settings out of bounds, and creates nothing", async () => {
    const source = await t.signUp();
    await buildTrustedParties(source.agent);
    const doc = parseJson((await exportBackup(source.agent, "json")).body as Buffer);
    const target = await t.signUp();
    const badCard = structuredClone(doc);
    badCard.trustedParties![0].ghanaCardNumber = "GHA-12345-1";
    const badDays = structuredClone(doc);
    badDays.estateDistribution!.waitingPeriodDays = 0;
    for (const [bad, path] of [
      [badCard, "trustedParties.0.ghanaCardNumber"],
      [badDays, "estateDistribution.waitingPeriodDays"],
    ] as const) {
      const res = await importBackup(target.agent, json(bad), "backup.json");
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
    }
    expect(await partiesOf(target.user.id)).toEqual([]);
    expect((await target.agent.get("/api/estate-distribution")).body.savedAt).toBeNull();
  });

  it("refuses a restore that would pass the most trusted parties one owner may name, in a dry run too", async () => {
    const source = await t.signUp();
    await buildTrustedParties(source.agent);
    const doc = parseJson((await exportBackup(source.agent, "json")).body as Buffer);
    const many = {
      ...doc,
      trustedParties: Array.from({ length: TRUSTED_PARTY_MAX + 1 }, (_, i) => ({
        ...doc.trustedParties![1],
        id: i + 1,
      })),
    };
    const target = await t.signUp();
    for (const dryRun of [true, false]) {
      const res = await importBackup(target.agent, json(many), "backup.json", dryRun);
      expect(res.status).toBe(403);
      expect(res.body.message).toContain(`at most ${TRUSTED_PARTY_MAX} trusted parties`);
    }
    expect(await partiesOf(target.user.id)).toEqual([]);
    expect((await target.agent.get("/api/beneficiaries")).body).toEqual([]);
  });
});
