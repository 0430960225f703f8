import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetBundleItems, assetBundles } from "@shared/schema";
import { startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Agent = Awaited<ReturnType<TestApp["signUp"]>>["agent"];

async function upload(agent: Agent): Promise<number> {
  const res = await agent
    .post("/api/assets/upload")
    .field("category", "documents")
    .attach("files", Buffer.from("%PDF-1.4\n%bundle\n%%EOF\n"), {
      filename: "deed.pdf",
      contentType: "application/pdf",
    });
  expect(res.status).toBe(201);
  return res.body[0].id as number;
}

async function account(agent: Agent): Promise<number> {
  const res = await agent.post("/api/online-accounts").send({ accountName: "Gmail", accountType: "email" });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const itemRows = (bundleId: number) =>
  t.db.select().from(assetBundleItems).where(eq(assetBundleItems.bundleId, bundleId));

describe("asset bundles without a session", () => {
  it("answers 401 on every route", async () => {
    const anon = t.request();
    for (const res of [
      await anon.get("/api/asset-bundles"),
      await anon.post("/api/asset-bundles").send({ name: "x" }),
      await anon.patch("/api/asset-bundles/1").send({ name: "x" }),
      await anon.delete("/api/asset-bundles/1"),
    ])
      expect(res.status).toBe(401);
  });
});

describe("/api/asset-bundles", () => {
  it("creates a bundle of a file and a typed asset, lists it and answers no owner id", async () => {
    const { agent } = await t.signUp();
    const fileId = await upload(agent);
    const accountId = await account(agent);
    const res = await agent.post("/api/asset-bundles").send({
      name: "For Kofi",
      description: "The house papers and the mailbox",
      items: [
        { kind: "file", id: fileId },
        { kind: "online_account", id: accountId },
        { kind: "file", id: fileId },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "For Kofi", description: "The house papers and the mailbox" });
    expect(res.body.userId).toBeUndefined();
    expect(res.body.items).toEqual([
      { kind: "file", id: fileId },
      { kind: "online_account", id: accountId },
    ]);
    const list = await agent.get("/api/asset-bundles");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].items).toHaveLength(2);
  });

  it("answers 400 with the spec's reason for a missing name and creates nothing", async () => {
    const { agent, user } = await t.signUp();
    const res = await agent.post("/api/asset-bundles").send({ name: "  ", items: [{ kind: "car", id: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(["name", "items.0.kind"]);
    expect(await t.db.select().from(assetBundles).where(eq(assetBundles.userId, user.id))).toHaveLength(0);
  });

  it("refuses another user's asset in a bundle, on create and on update, and changes nothing", async () => {
    const victim = await t.signUp();
    const victimFile = await upload(victim.agent);
    const victimAccount = await account(victim.agent);
    const { agent, user } = await t.signUp();
    const mine = await account(agent);
    for (const item of [
      { kind: "file", id: victimFile },
      { kind: "online_account", id: victimAccount },
      { kind: "financial_asset", id: mine },
    ]) {
      const res = await agent.post("/api/asset-bundles").send({ name: "Stolen", items: [item] });
      expect(res.status, JSON.stringify(item)).toBe(400);
      expect(res.body.errors).toEqual([{ path: "items", message: "Choose items from your own assets" }]);
    }
    expect(await t.db.select().from(assetBundles).where(eq(assetBundles.userId, user.id))).toHaveLength(0);

    const created = await agent
      .post("/api/asset-bundles")
      .send({ name: "Mine", items: [{ kind: "online_account", id: mine }] });
    const res = await agent
      .patch(`/api/asset-bundles/${created.body.id}`)
      .send({ name: "Renamed", items: [{ kind: "file", id: victimFile }] });
    expect(res.status).toBe(400);
    const [row] = await t.db.select().from(assetBundles).where(eq(assetBundles.id, created.body.id));
    expect(row.name).toBe("Mine");
    expect(await itemRows(created.body.id)).toEqual([
      expect.objectContaining({ kind: "online_account", itemId: mine }),
    ]);
  });

  it("renames without touching the items, replaces the items when sent, and deletes", async () => {
    const { agent } = await t.signUp();
    const a = await account(agent);
    const fileId = await upload(agent);
    const created = await agent
      .post("/api/asset-bundles")
      .send({ name: "Old", description: "keep", items: [{ kind: "online_account", id: a }] });
    const renamed = await agent.patch(`/api/asset-bundles/${created.body.id}`).send({ name: "New" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: "New",
      description: "keep",
      items: [{ kind: "online_account", id: a }],
    });
    const refilled = await agent
      .patch(`/api/asset-bundles/${created.body.id}`)
      .send({ description: "", items: [{ kind: "file", id: fileId }] });
    expect(refilled.body).toMatchObject({ name: "New", description: null, items: [{ kind: "file", id: fileId }] });
    expect(await itemRows(created.body.id)).toHaveLength(1);
    expect((await agent.delete(`/api/asset-bundles/${created.body.id}`)).status).toBe(204);
    expect((await agent.get("/api/asset-bundles")).body).toEqual([]);
    expect(await itemRows(created.body.id)).toEqual([]);
  });

  it("answers 404 to another user's bundle on every verb, the same as a missing one", async () => {
    const owner = await t.signUp();
    const { agent } = await t.signUp();
    const created = await owner.agent.post("/api/asset-bundles").send({ name: "Private" });
    const id = created.body.id as number;
    const patch = await agent.patch(`/api/asset-bundles/${id}`).send({ name: "Mine now" });
    const del = await agent.delete(`/api/asset-bundles/${id}`);
    const missing = await agent.delete("/api/asset-bundles/2147483000");
    expect([patch.status, del.status, missing.status]).toEqual([404, 404, 404]);
    expect(del.text).toBe(missing.text);
    expect((await agent.get("/api/asset-bundles")).body).toEqual([]);
    expect((await owner.agent.get("/api/asset-bundles")).body[0].name).toBe("Private");
  });
});
