import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { buildUsers } from "../../test/factories";
import { fileOf, upload } from "../../test/files";
import { createTestRelease } from "./releases.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ captureLogs: true });
});
afterAll(() => t.close());

it("never writes a release token to the logs: not from the page address, not from the open (TOK-04, LOG-01)", async () => {
  const [owner] = await buildUsers(t, 1);
  const fileId = (await upload(owner.agent, [{ name: "deed.pdf", data: fileOf("pdf") }])).body[0].id;
  const r = await createTestRelease(t, { ownerId: owner.user.id, items: [{ kind: "file", id: fileId }] });
  await t.request().get(`/release/${r.token}`);
  const ben = t.agent();
  expect((await ben.post("/api/releases/open").send({ token: r.token })).status).toBe(200);
  expect((await ben.get(`/api/releases/${r.id}/files/${fileId}`)).status).toBe(200);
  expect(
    (
      await t
        .request()
        .post("/api/releases/open")
        .send({ token: `${r.token}x` })
    ).status,
  ).toBe(404);
  const logs = t.logs();
  expect(logs).toContain("release_opened");
  expect(logs).not.toContain(r.token);
});
