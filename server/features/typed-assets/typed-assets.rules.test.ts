import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";
import { fileOf, upload } from "../../test/files";
import { CANARY, SAMPLES } from "../../test/typed-asset-samples";
import { type Account, buildBeneficiary, buildUsers } from "../../test/factories";

let t: TestApp;
let a: Account;
let b: Account;
let c: Account;
beforeAll(async () => {
  t = await startTestApp();
  [a, b, c] = await buildUsers(t, 3);
});
afterAll(async () => {
  await t.close();
});

const messages = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

describe("validation messages (spec 000 §5, spec 001 §5)", () => {
  it("online accounts: title stands for accountName, and the spec's messages", async () => {
    const ok = await a.agent.post("/api/online-accounts").send({ title: "Gmail", category: "email" });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ accountName: "Gmail", title: "Gmail", accountType: "email", priority: "medium" });
    const empty = await a.agent.post("/api/online-accounts").send({ platform: "Google" });
    expect(empty.status).toBe(400);
    expect(messages(empty.body)).toEqual({
      accountName: "Account name is required",
      accountType: "Account type is required",
    });
    const email = await a.agent
      .post("/api/online-accounts")
      .send({ accountName: "Gmail", accountType: "email", email: "not-an-email" });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe("Please enter a valid email address");
    const badType = await a.agent.post("/api/online-accounts").send({ accountName: "X", accountType: "phone" });
    expect(badType.body.message).toBe("Account type is required");
  });

  it("financial assets need an account name; physical assets need a name", async () => {
    const financial = await a.agent.post("/api/financial-assets").send({ title: "Pension", category: "investment" });
    expect(financial.status).toBe(400);
    expect(financial.body.message).toBe("Account name is required");
    const physical = await a.agent.post("/api/physical-assets").send({ title: "Car", category: "vehicle" });
    expect(physical.status).toBe(400);
    expect(physical.body.message).toBe("Name is required");
  });

  it("title and category are required", async () => {
    const res = await a.agent.post("/api/intellectual-property").send({ title: "  ", category: "poem" });
    expect(res.status).toBe(400);
    expect(messages(res.body)).toEqual({ title: "Title is required", category: "Category is required" });
  });

  it("a JSON route refuses a form-encoded body with 415", async () => {
    const res = await a.agent.post("/api/digital-content").type("form").send("title=x&category=educational");
    expect(res.status).toBe(415);
  });
});

describe("beneficiary references", () => {
  it("accepts the caller's own beneficiary and refuses another user's with 400, on create and update", async () => {
    const mine = (await buildBeneficiary(a.agent)).id;
    const theirs = (await buildBeneficiary(b.agent)).id;
    const { path, body } = SAMPLES.physical_assets;
    const ok = await a.agent.post(path).send({ ...body, assignedToBeneficiary: String(mine) });
    expect(ok.status).toBe(201);
    expect(ok.body.assignedToBeneficiary).toBe(mine);
    const refused = await a.agent.post(path).send({ ...body, assignedToBeneficiary: theirs });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: "assignedToBeneficiary", message: "Choose a beneficiary from your list" },
    ]);
    const update = await a.agent.put(`${path}/${ok.body.id}`).send({ assignedToBeneficiary: theirs });
    expect(update.status).toBe(400);
    const unassign = await a.agent.put(`${path}/${ok.body.id}`).send({ assignedToBeneficiary: null });
    expect(unassign.body.assignedToBeneficiary).toBeNull();
  });
});

describe("ciphertext bound to its row and owner (CRY-01)", () => {
  it("fails with a generic 500 and a security log line when A's ciphertext is copied into B's row", async () => {
    const { path, body, table } = SAMPLES.online_accounts;
    const mine = await a.agent.post(path).send(body);
    const theirs = await b.agent.post(path).send({ title: "Yahoo", category: "email" });
    await t.db.execute(
      sql`update ${sql.identifier(table)} set password_hint = (select password_hint from ${sql.identifier(table)} where id = ${mine.body.id}) where id = ${theirs.body.id}`,
    );
    const errors = vi.spyOn(t.deps.logger, "error");
    const res = await b.agent.get(path);
    expect(res.status).toBe(500);
    expect(res.text).not.toContain(CANARY);
    expect(res.body.message).toBe("Something went wrong on our side. Please try again.");
    expect(errors).toHaveBeenCalledWith(
      { event: "decrypt_failed", table, column: "passwordHint", rowId: theirs.body.id, reason: "auth-failed" },
      expect.any(String),
    );
    errors.mockRestore();
    expect((await a.agent.get(path)).body[0].passwordHint).toBe(body.passwordHint);
  });

  it("fails the same way for a value moved to another column of the same row", async () => {
    const { path, body, table } = SAMPLES.personal_documents;
    const created = await c.agent.post(path).send(body);
    await t.db.execute(
      sql`update ${sql.identifier(table)} set access_info = document_number where id = ${created.body.id}`,
    );
    expect((await c.agent.get(path)).status).toBe(500);
  });
});

describe("intellectual property limit on freemium", () => {
  it("counts IP records and IP uploads together and answers 402 past 10, for both", async () => {
    const [owner] = await buildUsers(t, 1);
    const { path, body } = SAMPLES.intellectual_property;
    const uploads = Array.from({ length: 3 }, (_, i) => ({ name: `ip${i}.pdf`, data: fileOf("pdf", 64) }));
    expect((await upload(owner.agent, uploads, { category: "intellectual_property" })).status).toBe(201);
    for (let i = 0; i < 7; i += 1) expect((await owner.agent.post(path).send(body)).status).toBe(201);
    const record = await owner.agent.post(path).send(body);
    expect(record.status).toBe(402);
    expect(record.body.message).toBe(
      "Your plan allows 10 intellectual property assets. Upgrade your plan to lift this limit.",
    );
    const file = await upload(owner.agent, [{ name: "ip.pdf", data: fileOf("pdf", 64) }], {
      category: "intellectual_property",
    });
    expect(file.status).toBe(402);
    expect((await owner.agent.get(path)).headers["x-total-count"]).toBe("7");
  });

  it("never lets parallel creates pass the limit (RACE-safe under the user-row lock)", async () => {
    const [owner] = await buildUsers(t, 1);
    const { path, body } = SAMPLES.intellectual_property;
    for (let i = 0; i < 8; i += 1) expect((await owner.agent.post(path).send(body)).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 6 }, () => owner.agent.post(path).send(body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 402)).toHaveLength(4);
    expect((await owner.agent.get(path)).headers["x-total-count"]).toBe("10");
  });
});
