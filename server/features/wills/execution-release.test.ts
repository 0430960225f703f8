import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildAsset } from "../../test/factories";
import { startTestApp, type TestApp } from "../../test/harness";
import { createTestRelease } from "../releases/releases.test-support";
import { WITNESS_A, WITNESS_B, readyWill, uploadScan } from "./execution.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("a release holding the signed pages", () => {
  it("shows the beneficiary the execution record beside the scan, and none when the scan is not released", async () => {
    const { agent, user } = await t.signUp();
    const id = await readyWill(agent);
    const executed = await uploadScan(agent, id);
    const files = (await agent.get("/api/assets")).body as { id: number }[];
    const scanId = files[0].id;
    const deed = await buildAsset(agent, { name: "deed.pdf" });

    const withScan = await createTestRelease(t, { ownerId: user.id, items: [{ kind: "file", id: scanId }] });
    const res = await t.agent().post("/api/releases/open").send({ token: withScan.token });
    expect(res.status).toBe(200);
    expect(res.body.assets).toMatchObject([{ kind: "file", id: scanId, originalFileName: "signed-will.pdf" }]);
    expect(res.body.signedWills).toEqual([
      {
        scanFileId: scanId,
        version: 1,
        status: "executed",
        testatorName: "Kwabena Ɔsɛi Aŋ",
        place: "Kumasi",
        signedOn: "2026-12-01",
        executedAt: executed.body.executedAt,
        originalLocation: "With my lawyer at Ɛsi & Co., Accra",
        witnesses: [WITNESS_A, WITNESS_B],
      },
    ]);

    const without = await createTestRelease(t, { ownerId: user.id, items: [{ kind: "file", id: Number(deed.id) }] });
    const spy = vi.spyOn(t.pool, "query");
    const other = await t.agent().post("/api/releases/open").send({ token: without.token });
    const statements = spy.mock.calls.length;
    spy.mockRestore();
    expect(other.status).toBe(200);
    // no signed will among the files: the open stays one statement (one round trip), with no execution look-up
    expect(statements).toBe(1);
    expect(other.body).not.toHaveProperty("signedWills");
    expect(JSON.stringify(other.body)).not.toContain("Kwabena");
  });
});
