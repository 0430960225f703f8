import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, upload } from "../../test/files";
import { exportBackup, importBackup } from "../backup/backup.test-support";
import { SAMPLES } from "../../test/typed-asset-samples";
import { buildEstate, setPlan } from "../../test/factories";
import { TYPED_ASSET_TABLES } from "../../test/helpers";

/**
 * owner_counts is kept by triggers; every screen's totals come from it. After any mix of writes — through the API,
 * in parallel, by a restore, or straight in SQL — it must equal a recount of the rows themselves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const COLUMNS = `files, documents, images, videos, ip_uploads, other_uploads, intellectual_property, financial_assets,
  physical_assets, digital_content, personal_documents, online_accounts, beneficiaries, trusted_parties`;

async function stored(userId: number) {
  const rows = await t.db.execute(sql.raw(`select ${COLUMNS} from owner_counts where user_id = ${Number(userId)}`));
  return rows.rows[0];
}

async function recount(userId: number) {
  const id = Number(userId);
  const committed = `from digital_assets where user_id = ${id} and status = 'committed'`;
  const rows = await t.db.execute(
    sql.raw(`select
      (select count(*)::int ${committed}) as files,
      (select count(*)::int ${committed} and category = 'documents') as documents,
      (select count(*)::int ${committed} and category = 'images') as images,
      (select count(*)::int ${committed} and category = 'videos') as videos,
      (select count(*)::int ${committed} and category = 'intellectual_property') as ip_uploads,
      (select count(*)::int ${committed} and category = 'other') as other_uploads,
      ${[...TYPED_ASSET_TABLES, "beneficiaries"]
        .map((table) => `(select count(*)::int from ${table} where user_id = ${id}) as ${table}`)
        .join(",\n")},
      (select count(*)::int from enhanced_trusted_parties where user_id = ${id}) as trusted_parties`),
  );
  return rows.rows[0];
}

describe("owner_counts", () => {
  it("starts at zero for a new user and follows uploads, deletes and refused uploads", async () => {
    const { agent, user } = await t.signUp();
    expect(await stored(user.id)).toEqual(await recount(user.id));
    expect((await stored(user.id))?.files).toBe(0);

    const docs = await upload(agent, [
      { name: "a.pdf", data: fileOf("pdf") },
      { name: "b.pdf", data: fileOf("pdf") },
    ]);
    expect(docs.status).toBe(201);
    expect((await upload(agent, [{ name: "c.png", data: fileOf("png") }], { category: "images" })).status).toBe(201);
    expect((await upload(agent, [{ name: "fake.png", data: fileOf("pdf") }], { category: "images" })).status).toBe(415);
    expect(await stored(user.id)).toMatchObject({ files: 3, documents: 2, images: 1 });

    expect((await agent.delete(`/api/assets/${docs.body[0].id}`)).status).toBe(204);
    expect(await stored(user.id)).toMatchObject({ files: 2, documents: 1, images: 1 });
    expect(await stored(user.id)).toEqual(await recount(user.id));
  });

  it("follows typed assets and beneficiaries, and the dashboard shows the same numbers", async () => {
    const { agent, user } = await t.signUp();
    const ids: Record<string, number> = {};
    for (const [kind, sample] of Object.entries(SAMPLES)) {
      const res = await agent.post(sample.path).send(sample.body);
      expect(res.status).toBe(201);
      ids[kind] = res.body.id;
      expect((await agent.post(sample.path).send(sample.body)).status).toBe(201);
    }
    const kofi = await agent
      .post("/api/beneficiaries")
      .send({ firstName: "Kofi", lastName: "Mensah", email: "kofi.counts@example.com", relationship: "child" });
    expect(kofi.status).toBe(201);
    expect((await agent.delete(`${SAMPLES.financial_assets.path}/${ids.financial_assets}`)).status).toBe(204);
    expect((await agent.delete(`${SAMPLES.online_accounts.path}/${ids.online_accounts}`)).status).toBe(204);

    expect(await stored(user.id)).toEqual(await recount(user.id));
    expect(await stored(user.id)).toMatchObject({
      financial_assets: 1,
      online_accounts: 1,
      physical_assets: 2,
      beneficiaries: 1,
    });
    const stats = await agent.get("/api/dashboard/stats");
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ totalAssets: 10, beneficiaries: 1 });
  });

  it("counts a restore's many rows in one go and equals a recount", async () => {
    const source = await t.signUp();
    await buildEstate(source.agent);
    const data = (await exportBackup(source.agent, "zip")).body as Buffer;
    const target = await t.signUp();
    await setPlan(t, target.user.id, "advanced_premium");
    expect((await importBackup(target.agent, data, "backup.zip")).status).toBe(201);
    expect(await stored(target.user.id)).toEqual(await recount(target.user.id));
    expect(await stored(target.user.id)).toEqual(await recount(source.user.id));
  });

  it("stays equal to a recount under parallel writes from one user", async () => {
    const { agent, user } = await t.signUp();
    await setPlan(t, user.id, "advanced_premium");
    await Promise.all([
      ...Array.from({ length: 8 }, () => agent.post(SAMPLES.physical_assets.path).send(SAMPLES.physical_assets.body)),
      // one upload at a time per user (a lease): the uploads follow each other while the other writes race them
      (async () => {
        for (let i = 0; i < 4; i += 1) await upload(agent, [{ name: `p${i}.pdf`, data: fileOf("pdf") }]);
      })(),
      ...Array.from({ length: 4 }, (_, i) =>
        agent
          .post("/api/beneficiaries")
          .send({ firstName: `B${i}`, lastName: "Owusu", email: `b${i}.race@example.com`, relationship: "friend" }),
      ),
    ]);
    expect(await stored(user.id)).toEqual(await recount(user.id));
    expect(await stored(user.id)).toMatchObject({ physical_assets: 8, files: 4, beneficiaries: 4 });
  });

  it("follows rows written straight in SQL, and goes away with its user", async () => {
    const { user } = await t.signUp();
    await t.db.execute(
      sql`insert into beneficiaries (user_id, first_name, last_name, email, relationship)
          select ${user.id}, 'N' || g, 'Boateng', 'n' || g || '@example.com', 'other' from generate_series(1, 50) g`,
    );
    await t.db.execute(sql`delete from beneficiaries where user_id = ${user.id} and first_name in ('N1', 'N2')`);
    expect(await stored(user.id)).toMatchObject({ beneficiaries: 48 });
    await t.db.execute(sql`delete from users where id = ${user.id}`);
    expect(await stored(user.id)).toBeUndefined();
  });
});
