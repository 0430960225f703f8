import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { UNTRUSTED_FORWARDING_WARNING } from "./forwarded-warning";

const warningLines = (t: TestApp) =>
  t
    .logs()
    .split("\n")
    .filter((line) => line.includes("TRUST_PROXY=0"));

describe("X-Forwarded-For while TRUST_PROXY=0", () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await startTestApp({ captureLogs: true });
    proxied = await startTestApp({ captureLogs: true, env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it("is warned about once, in one log line, however many such requests come", async () => {
    await direct.request().get("/api/health").expect(200);
    expect(warningLines(direct)).toHaveLength(0);
    for (let i = 0; i < 3; i += 1) {
      await direct.request().get("/api/user").set("X-Forwarded-For", `203.0.113.${i}`);
    }
    const lines = warningLines(direct);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, msg: UNTRUSTED_FORWARDING_WARNING });
  });

  it("is not warned about when a proxy hop is configured", async () => {
    await proxied.request().get("/api/user").set("X-Forwarded-For", "203.0.113.9");
    expect(warningLines(proxied)).toHaveLength(0);
  });
});
