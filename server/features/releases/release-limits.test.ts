import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { buildUsers } from "../../test/factories";
import { fileOf, upload } from "../../test/files";
import { createTestRelease } from "./releases.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { rateLimits: { tokenLookupPerIp: { points: 3, durationSeconds: 900 } } } });
});
afterAll(() => t.close());

it("limits link guesses per address: 429 with Retry-After once spent, before any look-up, even for a good link (TOK-02)", async () => {
  const [owner] = await buildUsers(t, 1);
  const fileId = (await upload(owner.agent, [{ name: "deed.pdf", data: fileOf("pdf") }])).body[0].id;
  const r = await createTestRelease(t, { ownerId: owner.user.id, items: [{ kind: "file", id: fileId }] });
  for (let i = 0; i < 3; i += 1) {
    expect(
      (
        await t
          .request()
          .post("/api/releases/open")
          .send({ token: `guess-${i}` })
      ).status,
    ).toBe(404);
  }
  const blocked = await t.request().post("/api/releases/open").send({ token: r.token });
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  const rows = await t.db.query.assetReleases.findFirst({ where: (a, { eq }) => eq(a.id, r.id) });
  expect(rows?.status).toBe("pending");
});
