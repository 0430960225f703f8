import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createStorage, type BlobStorage } from "../../lib/storage";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, keysUnder, sha256, upload } from "../../test/files";

let t: TestApp;
let s3: S3rver;
let dir: string;
let storage: BlobStorage;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await startTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), "hl-s3-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "assets" }],
  });
  const { port } = await s3.run();
  storage = createStorage({
    driver: "s3",
    bucket: "assets",
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
  // The same app and database, with S3 in place of the local disk.
  app = createApp({ ...t.deps, storage }, { pruneSessions: false, spaDir: path.join(t.dataDir, "no-spa") });
});
afterAll(async () => {
  await app.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

describe("uploads on the S3 driver", () => {
  it("round-trips an upload through S3 (s3rver), encrypted at rest, and deletes it", async () => {
    const agent = supertest.agent(app.app);
    const signUp = await agent
      .post("/api/register")
      .send({ email: t.uniqueEmail(), password: "Kente-Cloth-2026", firstName: "Esi", lastName: "Ansah" });
    expect(signUp.status).toBe(201);
    const data = fileOf("pdf", 6 * 1024 * 1024); // more than one multipart part
    const res = await upload(agent, [{ name: "s3.pdf", data }]);
    expect(res.status).toBe(201);
    const [key] = await keysUnder(storage, "blobs/");
    const head = (await (await storage.get(key)).toArray())[0] as Buffer;
    expect(head.subarray(0, 4).toString("latin1")).not.toBe("%PDF");
    expect(await keysUnder(storage, "staging/")).toEqual([]);

    const download = await agent.get(`/api/assets/${res.body[0].id}/download`).buffer(true);
    expect(download.status).toBe(200);
    expect(sha256(download.body as Buffer)).toBe(sha256(data));

    expect((await agent.delete(`/api/assets/${res.body[0].id}`)).status).toBe(204);
    expect(await keysUnder(storage, "blobs/")).toEqual([]);
  });
});
