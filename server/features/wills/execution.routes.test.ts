import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXECUTION_MESSAGES } from "@shared/validators/will-executions";
import { buildBeneficiary, buildWill } from "../../test/factories";
import { startTestApp, type TestApp } from "../../test/harness";
import { pdfText } from "../../test/helpers";
import { binary } from "../backup/backup.test-support";
import { WITNESS_A, WITNESS_B, executionBody, readyWill, uploadScan } from "./execution.test-support";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const path = (id: number, rest = "") => `/api/digital-wills/${id}/execution${rest}`;

describe("PUT /api/digital-wills/:id/execution", () => {
  it("saves a draft record, answers it with no warnings, and stores names and addresses only as ciphertext", async () => {
    const { agent, user } = await t.signUp();
    const will = await buildWill(agent);
    expect((await agent.get(path(will.id))).body).toBeNull();
    const res = await agent.put(path(will.id)).send(executionBody());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      willId: will.id,
      version: 1,
      status: "draft",
      testatorName: "Kwabena Ɔsɛi Aŋ",
      place: "Kumasi",
      signedOn: "2026-12-01",
      originalLocation: "With my lawyer at Ɛsi & Co., Accra",
      witnesses: [WITNESS_A, WITNESS_B],
      scan: null,
      executedAt: null,
      warnings: [],
    });
    expect(res.body).not.toHaveProperty("userId");
    expect((await agent.get(path(will.id))).body).toEqual(res.body);
    const raw = await t.db.execute(sql`select * from will_executions where user_id = ${user.id}`);
    const dump = JSON.stringify(raw.rows);
    for (const secret of ["Kwabena", "Ama", "Ring Road", "Kumasi", "lawyer"]) expect(dump).not.toContain(secret);
  });

  it("answers 400 with the messages for a missing testator, a half-filled witness or a bad date, changing nothing", async () => {
    const { agent } = await t.signUp();
    const will = await buildWill(agent);
    await agent.put(path(will.id)).send(executionBody());
    const before = (await agent.get(path(will.id))).body;
    const res = await agent.put(path(will.id)).send(
      executionBody({
        testatorName: "  ",
        signedOn: "1st of May",
        witnesses: [{ fullName: "Ama" }, WITNESS_B, WITNESS_A],
      }),
    );
    expect(res.status).toBe(400);
    const messages = (res.body.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ["testatorName", EXECUTION_MESSAGES.testatorName],
        ["signedOn", EXECUTION_MESSAGES.signedOn],
        ["witnesses", EXECUTION_MESSAGES.tooManyWitnesses],
      ]),
    );
    const half = await agent.put(path(will.id)).send(executionBody({ witnesses: [{ fullName: "Ama" }] }));
    expect(half.status).toBe(400);
    expect(half.body.errors).toEqual(
      expect.arrayContaining([
        { path: "witnesses.0.address", message: EXECUTION_MESSAGES.witnessAddress },
        { path: "witnesses.0.occupation", message: EXECUTION_MESSAGES.witnessOccupation },
      ]),
    );
    expect((await agent.get(path(will.id))).body).toEqual(before);
  });

  it("warns, without refusing, about a witness who is a beneficiary, a beneficiary's spouse, one witness twice or one missing", async () => {
    const { agent } = await t.signUp();
    await buildBeneficiary(agent, { firstName: "Ama", lastName: "Ɔwusu", relationship: "child" });
    const kofi = await buildBeneficiary(agent, { firstName: "Kofi", lastName: "Boateng" });
    const will = await buildWill(agent);
    const byEmail = { ...WITNESS_B, fullName: "Y. Nkrumah", email: String(kofi.email).toUpperCase() };
    const spouse = { ...WITNESS_B, fullName: "Abena Boateng", spouseName: "kofi  boateng" };
    const res = await agent
      .put(path(will.id))
      .send(executionBody({ witnesses: [{ ...WITNESS_A, fullName: "AMA ɔwusu" }, byEmail] }));
    expect(res.status).toBe(200);
    expect(res.body.warnings.map((w: { code: string }) => w.code)).toEqual([
      "witness_is_beneficiary",
      "witness_is_beneficiary",
    ]);
    expect(res.body.warnings[0].message).toContain("a gift to a witness fails, though the will stands");
    const second = await agent.put(path(will.id)).send(executionBody({ witnesses: [spouse, spouse] }));
    expect(second.body.warnings.map((w: { code: string }) => w.code)).toEqual([
      "same_witness_twice",
      "witness_spouse_is_beneficiary",
      "witness_spouse_is_beneficiary",
    ]);
    const one = await agent.put(path(will.id)).send(executionBody({ witnesses: [WITNESS_B] }));
    expect(one.status).toBe(200);
    expect(one.body.warnings).toEqual([
      {
        code: "too_few_witnesses",
        message: "The will needs two witnesses who are present together when you sign; only one is named.",
      },
    ]);
  });

  it("refuses to start a record for a version that is no longer the current one", async () => {
    const { agent } = await t.signUp();
    const old = await buildWill(agent);
    await buildWill(agent, { content: "A newer text of my will." });
    const res = await agent.put(path(old.id)).send(executionBody());
    expect(res.status).toBe(409);
    expect((await agent.get(path(old.id))).body).toBeNull();
  });
});

describe("ready to sign and the signing PDF", () => {
  it("moves draft → ready once; an edit sends it back to draft", async () => {
    const { agent } = await t.signUp();
    const id = await readyWill(agent);
    expect((await agent.get(path(id))).body.status).toBe("ready");
    const again = await agent.post(path(id, "/ready"));
    expect(again.status).toBe(409);
    const edited = await agent.put(path(id)).send(executionBody({ place: "Accra" }));
    expect(edited.body).toMatchObject({ status: "draft", place: "Accra" });
    expect((await agent.post(path(id, "/ready"))).body.status).toBe("ready");
  });

  it("prints the will text, the attestation clause, both witnesses, an initials line and page numbers, in Ghanaian letters", async () => {
    const { agent } = await t.signUp();
    const id = await readyWill(agent, "I, Kwabena Ɔsɛi Aŋ, leave my house in Kumasi to Ɛsi Ŋkansah.");
    const res = await agent.get(path(id, "/pdf")).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="will-for-signing-v1\.pdf"/);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain("I, Kwabena Ɔsɛi Aŋ, leave my house in Kumasi to Ɛsi Ŋkansah.");
    expect(text).toContain("Signed at Kumasi on 2026-12-01.");
    expect(text).toContain(
      "Signed by Kwabena Ɔsɛi Aŋ, the testator, as their last will, in our presence, both of us being present at the same time;",
    );
    for (const w of [WITNESS_A, WITNESS_B]) {
      expect(text).toContain(`Full name: ${w.fullName}`);
      expect(text).toContain(`Occupation: ${w.occupation}`);
    }
    expect(text).toContain("Witness 1");
    expect(text).toContain("Witness 2");
    expect(text).toMatch(/Testator's initials: _+ · Will version 1 · Page 1 of \d/);
    expect(text).toContain("This is not legal advice");
  });

  it("prints blank lines for a witness not yet named, and answers 404 for a version without a record", async () => {
    const { agent } = await t.signUp();
    const will = await buildWill(agent);
    expect((await agent.get(path(will.id, "/pdf"))).status).toBe(404);
    await agent.put(path(will.id)).send(executionBody({ witnesses: [WITNESS_A] }));
    const res = await agent.get(path(will.id, "/pdf")).buffer(true).parse(binary);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain(`Full name: ${WITNESS_A.fullName}`);
    expect(text).toMatch(/Witness 2 Signature: _+ Full name: _+/);
  });
});

describe("another user's execution records and scans (IDOR-02)", () => {
  it("answers 404 on every execution route for another user's will, and changes nothing", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const id = await readyWill(owner.agent);
    expect((await uploadScan(owner.agent, id)).status).toBe(201);
    const before = (await owner.agent.get(path(id))).body;
    const attempts = [
      other.agent.get(path(id)),
      other.agent.put(path(id)).send(executionBody({ testatorName: "Mallory" })),
      other.agent.post(path(id, "/ready")),
      other.agent.post(path(id, "/location")).send({ originalLocation: "In my drawer" }),
      other.agent.get(path(id, "/pdf")),
      other.agent.get(path(id, "/scan")),
      uploadScan(other.agent, id),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Not found" });
    }
    expect((await other.agent.get("/api/will-executions/current")).body).toBeNull();
    expect((await owner.agent.get(path(id))).body).toEqual(before);
    expect((await other.agent.get("/api/assets")).body).toEqual([]);
  });
});
