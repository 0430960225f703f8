import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLES } from "../test/typed-asset-samples";
import { fileOf, upload } from "../test/files";
import { startTestApp, type TestApp } from "../test/harness";
import { CLIENT_OWNED_RESOURCES, createOwned, type OwnedId } from "./owned-resources";

/**
 * LOG-01: a user's whole life in the app — sign-up, a wrong and a right password, a reset, e-mail and beneficiary
 * verification, one of every resource with canaries in every sensitive field, every GET, failing writes, exports,
 * sign-out — with the server logging everything (level trace). No canary may reach the log, an error body or an
 * e-mail; session ids and tokens appear nowhere in the log.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ captureLogs: true });
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = "CANARY-pw-Akwaaba-1";
const WRONG_PASSWORD = "CANARY-wrong-Pw-2";
const NEW_PASSWORD = "CANARY-new-Pw-Sankofa-3";
const tokenOf = (link: string | undefined) => {
  if (!link) throw new Error("no link in the mail");
  return link.split("/").pop()!;
};

describe("log leak scan (LOG-01)", () => {
  it("keeps passwords, sensitive fields, tokens and session ids out of logs, error bodies and e-mails", async () => {
    const errorBodies: string[] = [];
    const seen = (res: Response) => {
      if (res.status >= 400) errorBodies.push(res.text);
      return res;
    };
    const email = t.uniqueEmail("canary");
    const agent = t.agent();
    seen(await agent.post("/api/register").send({ email, password: PASSWORD, firstName: "Efua", lastName: "Sarpong" }));
    const secrets: string[] = [PASSWORD, WRONG_PASSWORD, NEW_PASSWORD];

    await t.deliverOutbox();
    const verifyToken = tokenOf(t.smtp.linkFor(email, "/verify-email/"));
    secrets.push(verifyToken);
    expect(seen(await t.request().post("/api/auth/verify-email").send({ token: verifyToken })).status).toBe(200);

    expect(seen(await t.request().post("/api/login").send({ email, password: WRONG_PASSWORD })).status).toBe(401);
    const mailsBefore = t.smtp.to(email).length;
    expect(seen(await t.request().post("/api/auth/forgot-password").send({ email })).status).toBeLessThan(300);
    await t.deliverOutbox();
    expect(t.smtp.to(email)).toHaveLength(mailsBefore + 1);
    const resetToken = tokenOf(t.smtp.linkFor(email, "/reset-password/"));
    secrets.push(resetToken);
    expect(
      seen(await t.request().post("/api/auth/reset-password").send({ token: resetToken, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    const login = seen(await agent.post("/api/login").send({ email, password: NEW_PASSWORD }));
    expect(login.status).toBe(200);
    const cookie = String(
      ([] as string[]).concat(login.headers["set-cookie"] ?? []).find((c) => c.startsWith("hl.sid=")),
    );
    const sid = decodeURIComponent(/=(s:)?([^.;]+)/.exec(cookie)![2]);
    secrets.push(sid);

    const ids: Record<string, OwnedId> = {};
    for (const name of Object.keys(CLIENT_OWNED_RESOURCES)) ids[name] = await createOwned(agent, name, t);
    for (const sample of Object.values(SAMPLES)) seen(await agent.post(sample.path).send(sample.body));
    const beneficiary = seen(
      await agent
        .post("/api/beneficiaries")
        .send({ firstName: "Kwesi", lastName: "Arthur", email: "kwesi.canary@example.com", relationship: "sibling" }),
    );
    await t.deliverOutbox();
    const beneficiaryToken = tokenOf(t.smtp.linkFor("kwesi.canary@example.com", "/verify-beneficiary/"));
    secrets.push(beneficiaryToken);
    seen(await t.request().get(`/api/beneficiary-verification/${beneficiaryToken}`));
    seen(await t.request().post(`/api/beneficiary-verification/${beneficiaryToken}`));
    expect(beneficiary.status).toBe(201);
    seen(await upload(agent, [{ name: "CANARY-file.pdf", data: fileOf("pdf") }]));

    // Failing writes that carry sensitive values: invalid e-mail, a missing required field, another user's id.
    seen(
      await agent
        .post("/api/online-accounts")
        .send({ accountName: "X", accountType: "email", email: "CANARY-bad", username: "CANARY-u" }),
    );
    seen(
      await agent.post("/api/financial-assets").send({ title: "T", category: "investment", accountNumber: "CANARY-n" }),
    );
    seen(await agent.put("/api/online-accounts/999999").send({ passwordHint: "CANARY-hint" }));
    seen(await agent.post("/api/digital-wills").send({ title: "CANARY-will", content: "short" }));

    const gets = t.routes.filter(
      (r) => r.method === "get" && !r.path.includes(":token") && !r.path.startsWith("/auth/"),
    );
    for (const route of gets) {
      seen(await agent.get(route.resource ? route.path.replace(":id", String(ids[route.resource])) : route.path));
    }
    for (const format of ["json", "zip", "pdf"])
      seen(await agent.get(`/api/export/backup?format=${format}`).buffer(true));
    seen(await agent.post("/api/logout"));
    await t.deliverOutbox();

    const logs = t.logs();
    // The scan must have something to scan: request lines, including the failures.
    expect(logs).toContain('"url":"/api/login"');
    expect(logs).toContain('"statusCode":401');
    expect(logs).toContain('"url":"/api/beneficiary-verification/[redacted]"');
    expect(errorBodies.length).toBeGreaterThan(3);
    for (const secret of secrets) expect(logs, "a secret in the log").not.toContain(secret);
    expect(logs).not.toMatch(/CANARY/);
    for (const body of errorBodies) expect(body).not.toMatch(/CANARY/);
    const mails = t.smtp.messages.map((m) => m.text).join("\n");
    expect(mails).toContain(resetToken); // the reset link itself is the one place its token goes
    expect(mails).not.toMatch(/CANARY/);
  });
});
