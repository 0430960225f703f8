import { eq } from "drizzle-orm";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knownDevices } from "@shared/schema";
import { hashToken } from "../../lib/tokens";
import { startTestApp, type TestApp } from "../../test/harness";
import { codeNow, enableTwoFactor } from "../../test/two-factor";

/** Sign-in notices (issue 15): a browser new to the account e-mails its owner, once per browser. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await t.close();
});

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
const SUBJECT = "Subject: New sign-in to your Heirloom account";

async function notices(email: string) {
  await t.deliverOutbox();
  return t.smtp.to(email).filter((m) => m.raw.includes(SUBJECT));
}

const deviceCookie = (res: Response) =>
  ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("hl.device="))
    ?.split(";")
    .map((part) => part.trim());

/** A browser of its own cookie jar, user agent and address. */
function browser(userAgent: string, address: string) {
  const agent = t.agent();
  return {
    agent,
    login: (email: string, password: string) =>
      agent.post("/api/login").set("User-Agent", userAgent).set("X-Forwarded-For", address).send({ email, password }),
  };
}

describe("new-device sign-in notices", () => {
  it("records the sign-up browser without a notice, by a long-lived cookie stored only as its hash", async () => {
    const email = t.uniqueEmail();
    const res = await t
      .request()
      .post("/api/register")
      .send({ email, password: "Kente-Cloth-2026", firstName: "Ama", lastName: "Mensah" });
    expect(res.status).toBe(201);
    const cookie = deviceCookie(res)!;
    expect(cookie).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]));
    expect(cookie.find((p) => p.startsWith("Max-Age="))).toBe(`Max-Age=${365 * 24 * 60 * 60}`);
    const token = cookie[0].slice("hl.device=".length);
    const rows = await t.db.select().from(knownDevices).where(eq(knownDevices.userId, res.body.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0|Firefox|Chrome/);
    expect(await notices(email)).toEqual([]);
  });

  it("e-mails the owner once per new browser, with the device, the range and an in-app notice", async () => {
    const { agent, user, password } = await t.signUp();
    const laptop = browser(FIREFOX, "203.0.113.7");
    await laptop.login(user.email, password).expect(200);
    const [notice] = await notices(user.email);
    expect(notice.text).toContain("Device: Firefox on Linux");
    expect(notice.text).toContain("From: IPv4 203.0.113.0/24");
    expect(notice.raw).not.toContain(password);
    const bell = await agent.get("/api/notifications");
    expect(bell.body[0]).toMatchObject({ kind: "new_device_sign_in", title: "New sign-in to your Heirloom account" });

    // the same browser again, even from another network: nothing new
    await laptop.agent.post("/api/logout").expect(200);
    await laptop.agent.post("/api/login").set("X-Forwarded-For", "198.51.100.9").send({ email: user.email, password });
    expect(await notices(user.email)).toHaveLength(1);
    // another browser on another network: a second notice
    await browser(CHROME, "192.0.2.44").login(user.email, password).expect(200);
    expect(await notices(user.email)).toHaveLength(2);
  });

  it("recognises a browser whose cookie was cleared at sign-out by its family and network, not a new one there", async () => {
    const { user, password } = await t.signUp();
    await browser(FIREFOX, "203.0.113.7").login(user.email, password).expect(200);
    expect(await notices(user.email)).toHaveLength(1);
    // Clear-Site-Data took the cookie: a fresh jar, the same Firefox on Linux in the same /24
    await browser(FIREFOX, "203.0.113.99").login(user.email, password).expect(200);
    expect(await notices(user.email)).toHaveLength(1);
    // Chrome in that same network is another device
    await browser(CHROME, "203.0.113.99").login(user.email, password).expect(200);
    expect(await notices(user.email)).toHaveLength(2);
  });

  it("does not take another account's device cookie or a malformed one for this account's", async () => {
    const { user, password } = await t.signUp();
    const other = await t.signUp();
    const shared = browser(CHROME, "192.0.2.10");
    await shared.login(other.user.email, other.password).expect(200);
    await shared.login(user.email, password).expect(200);
    const forged = await t
      .request()
      .post("/api/login")
      .set("Cookie", "hl.device=not-a-token")
      .set("User-Agent", FIREFOX)
      .set("X-Forwarded-For", "198.51.100.1")
      .send({ email: user.email, password });
    expect(forged.status).toBe(200);
    expect(deviceCookie(forged)![0]).not.toBe("hl.device=not-a-token");
    expect(await notices(user.email)).toHaveLength(2);
  });

  it("tells only once the second factor has passed, not at the password step", async () => {
    const { agent, user, password } = await t.signUp();
    const { secret } = await enableTwoFactor(t, agent);
    const phone = browser(FIREFOX, "198.51.100.20");
    await phone.login(user.email, password).expect(200);
    expect(await notices(user.email)).toEqual([]);
    await phone.agent
      .post("/api/login/2fa")
      .set("User-Agent", FIREFOX)
      .set("X-Forwarded-For", "198.51.100.20")
      .send({ code: codeNow(t, secret) })
      .expect(200);
    expect(await notices(user.email)).toHaveLength(1);
  });
});
