import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";

/**
 * The session cookie's flags (SESS-02): `__Host-` name and `Secure` when PUBLIC_URL is https, `HttpOnly`,
 * `SameSite=Lax`, `Path=/` and no `Domain`; over plain http (development, these tests) the plain name without Secure,
 * since browsers refuse a `__Host-` cookie that is not Secure. The session id never appears in a body or a URL. The
 * device cookie of sign-in notices (features/devices) follows the same rules.
 */
const attributesOf = (setCookie: string) =>
  setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().split("=")[0].toLowerCase());

async function signUpAndIn(t: TestApp, https: boolean) {
  const email = t.uniqueEmail();
  const password = "Kente-Cloth-2026";
  const withProto = <R extends { set(name: string, value: string): R }>(req: R) =>
    https ? req.set("X-Forwarded-Proto", "https") : req;
  const register = await withProto(t.request().post("/api/register")).send({
    email,
    password,
    firstName: "Ama",
    lastName: "Mensah",
    userType: "client",
  });
  expect(register.status).toBe(201);
  const login = await withProto(t.request().post("/api/login")).send({ email, password });
  expect(login.status).toBe(200);
  const cookies = ([] as string[]).concat(login.headers["set-cookie"] ?? []);
  expect(cookies).toHaveLength(2);
  const cookie = cookies.find((c) => /^(__Host-)?hl\.sid=/.test(c))!;
  const device = cookies.find((c) => /^(__Host-)?hl\.device=/.test(c))!;
  const pair = cookie.split(";")[0];
  const me = await withProto(t.request().get("/api/user")).set("Cookie", pair);
  return { register, login, cookie, device, pair, me, email };
}

describe("the session cookie behind https (SESS-02)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { PUBLIC_URL: "https://heirloom.test", TRUST_PROXY: "1", PAYMENTS_MODE: "test", MOMO_PROVIDER: "test" },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("is named __Host-, Secure, HttpOnly, SameSite=Lax, Path=/ with no Domain, and signs the user in", async () => {
    const { cookie, device, pair, me, login, register, email } = await signUpAndIn(t, true);
    expect(pair).toMatch(/^__Host-hl\.sid=s%3A[^;]+$/);
    expect(device).toMatch(/^__Host-hl\.device=[A-Za-z0-9_-]{43};/);
    for (const set of [cookie, device]) {
      const attributes = attributesOf(set);
      expect(attributes).toEqual(expect.arrayContaining(["path", "httponly", "secure", "samesite"]));
      expect(attributes).not.toContain("domain");
    }
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    const sid = decodeURIComponent(pair.split("=")[1]).slice(2).split(".")[0];
    for (const res of [register, login, me]) expect(res.text).not.toContain(sid);
  });

  it("is not set at all on a request that did not arrive over https", async () => {
    const email = t.uniqueEmail();
    const res = await t
      .request()
      .post("/api/register")
      .send({ email, password: "Kente-Cloth-2026", firstName: "Ama", lastName: "Mensah", userType: "client" });
    expect(res.status).toBe(201);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});

describe("the session cookie over plain http (SESS-02, development)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps the plain name without Secure so sign-in still works, with the other flags unchanged", async () => {
    const { cookie, device, pair, me } = await signUpAndIn(t, false);
    expect(pair).toMatch(/^hl\.sid=s%3A[^;]+$/);
    expect(device).toMatch(/^hl\.device=/);
    for (const set of [cookie, device]) {
      const attributes = attributesOf(set);
      expect(attributes).toEqual(expect.arrayContaining(["path", "httponly", "samesite"]));
      expect(attributes).not.toContain("secure");
      expect(attributes).not.toContain("domain");
    }
    expect(me.status).toBe(200);
  });
});
