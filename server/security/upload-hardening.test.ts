import { once } from "node:events";
import { randomBytes } from "node:crypto";
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { fileOf, fileRowsOf, keysUnder, listen, sessionCookie, storageUsedOf, upload } from "../test/files";
import { tmpFiles } from "../test/helpers";
import { multipart, type Part } from "../test/raw-upload";

/**
 * Upload cases no feature test covered, sent byte by byte on a raw socket where supertest cannot: a cross-site
 * multipart body (CSRF-03), a Content-Length lying low (UPL-03), multipart abuse (UPL-04), and bidi controls and
 * 10 000-character values (INJ-05). After each refusal nothing is stored: no row, no staging blob, no temp file,
 * no usage.
 */
let t: TestApp;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  t = await startTestApp();
  server = await listen(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const HOLD_LIMIT_MS = 20_000;
const holdLimit = () => new Promise<void>((r) => setTimeout(r, HOLD_LIMIT_MS).unref());

type RawAnswer = { status: number; body: string; raw: string; bodySent: number };

/**
 * Writes a request head, then the body in 16 KiB pieces, stopping as soon as a response starts (so a test can show
 * the server answered before reading the body). With `holdBody` the client sends one piece and waits for the answer
 * before sending more: a server that answers without the body has answered by then; one that waits for the body gets
 * the rest only after HOLD_LIMIT_MS (a guard for the failing case, never reached when the server behaves).
 * Resolves with the first response once the server closes or ends it.
 */
function rawRequest(opts: { headers: Record<string, string>; body: Buffer; holdBody?: boolean }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1");
    const received: Buffer[] = [];
    let bodySent = 0;
    let answered = false;
    const finish = () => {
      const raw = Buffer.concat(received).toString("latin1");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      const headEnd = raw.indexOf("\r\n\r\n");
      const lengthHeader = /\r\ncontent-length: (\d+)/i.exec(raw.slice(0, headEnd));
      const body = raw.slice(headEnd + 4, headEnd + 4 + Number(lengthHeader?.[1] ?? 0));
      resolve({ status, body: Buffer.from(body, "latin1").toString("utf8"), raw, bodySent });
    };
    let markAnswered = () => {};
    const firstAnswer = new Promise<void>((r) => (markAnswered = r));
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      answered = true;
      markAnswered();
      const text = Buffer.concat(received).toString("latin1");
      const headEnd = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, headEnd));
      if (headEnd > 0 && length && text.length >= headEnd + 4 + Number(length[1])) {
        socket.end();
      }
    });
    socket.on("close", finish);
    socket.on("error", (err) => (answered ? undefined : reject(err)));
    socket.on("connect", () => {
      const head = Object.entries({ Host: "heirloom.test", Connection: "close", ...opts.headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      socket.write(`POST /api/assets/upload HTTP/1.1\r\n${head}\r\n`);
      // one wait for the whole body: the answer, the connection's end, or the guard
      const answerOrLimit = opts.holdBody ? Promise.race([firstAnswer, once(socket, "close"), holdLimit()]) : undefined;
      void (async () => {
        for (let at = 0; at < opts.body.length && !answered && !socket.destroyed; at += 16 * 1024) {
          const piece = opts.body.subarray(at, at + 16 * 1024);
          bodySent += piece.length;
          if (!socket.write(piece)) await new Promise((r) => socket.once("drain", r));
          if (answerOrLimit) await answerOrLimit;
        }
      })().catch(() => undefined);
    });
  });
}

/** Waits for the server's clean-up of a refused request, then checks that it left nothing at all. */
async function expectNothingStored(userId: number) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if ((await keysUnder(t.storage, "staging/")).length === 0 && (await tmpFiles(t)).length === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await keysUnder(t.storage, "staging/")).toEqual([]);
  // every blob belongs to a row (earlier tests' files included): nothing orphaned
  const rows = await t.db.execute<{ key: string }>(sql`select file_path as key from digital_assets`);
  expect((await keysUnder(t.storage, "blobs/")).sort()).toEqual(rows.rows.map((row) => row.key).sort());
  expect(await tmpFiles(t)).toEqual([]);
  expect(await fileRowsOf(t, userId)).toBe(0);
  expect(await storageUsedOf(t, userId)).toBe(0);
}

async function client() {
  const account = await t.signUp();
  return { ...account, cookie: await sessionCookie(t, account.user.email, account.password) };
}

const boundaryOf = () => `----hl${randomBytes(8).toString("hex")}`;
const withFile = (size = 4096): Part[] => [
  { name: "category", value: "documents" },
  { name: "files", value: fileOf("pdf", size), fileName: "will.pdf" },
];

describe("a cross-site multipart upload (CSRF-03)", () => {
  it("is refused with 403 before its body is read, leaving no temp file, staging blob or row", async () => {
    const { user, cookie } = await client();
    const boundary = boundaryOf();
    const body = multipart(boundary, withFile(8 * 1024 * 1024));
    const hostileHeaders: Record<string, string>[] = [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const hostile of hostileHeaders) {
      const res = await rawRequest({
        headers: {
          Cookie: cookie,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(body.length),
          ...hostile,
        },
        body,
        holdBody: true,
      });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ message: "Cross-site requests are not allowed." });
      // answered while most of the 8 MB body was still unsent: the refusal did not wait for (or read) the body
      expect(res.bodySent).toBeLessThan(body.length / 2);
    }
    await expectNothingStored(user.id);
  });
});

describe("a Content-Length lying low (UPL-03)", () => {
  it("is refused: the declared bytes end inside the file, nothing is stored, and the rest is not run as a request", async () => {
    const { user, cookie } = await client();
    const boundary = boundaryOf();
    const body = multipart(boundary, withFile(256 * 1024));
    for (const declared of [Math.floor(body.length / 2), body.length - 40]) {
      const res = await rawRequest({
        headers: {
          Cookie: cookie,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(declared),
        },
        body,
      });
      // Node reads exactly the declared bytes; the multipart form ends inside the file (busboy: "Unexpected end of
      // form") and the undeclared tail is no valid request, so the connection ends with a 400, from the app or from
      // Node's parser, whichever answers first. Never a 2xx, and only one answer.
      expect(res.status).toBe(400);
      if (res.body) expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
      expect(res.raw.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
      await expectNothingStored(user.id);
    }
  });
});

describe("multipart abuse (UPL-04)", () => {
  const send = (cookie: string, contentType: string, body: Buffer) =>
    rawRequest({
      headers: { Cookie: cookie, "Content-Type": contentType, "Content-Length": String(body.length) },
      body,
    });

  it("answers 400 to 1000 fields, a 1 MB field name, 100 files and an empty field name, storing nothing", async () => {
    const { user, cookie } = await client();
    const boundary = boundaryOf();
    const thousandFields = Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, value: "x" }));
    const hundredFiles = Array.from({ length: 100 }, (_, i) => ({
      name: "files",
      value: fileOf("pdf", 1024),
      fileName: `f${i}.pdf`,
    }));
    const cases: Record<string, Part[]> = {
      "1000 fields": [...withFile(), ...thousandFields],
      "a 1 MB field name": [...withFile(), { name: "n".repeat(1024 * 1024), value: "x" }],
      "100 files": [{ name: "category", value: "documents" }, ...hundredFiles],
      "an empty field name": [...withFile(), { name: "", value: "x" }],
    };
    for (const [label, parts] of Object.entries(cases)) {
      const res = await send(cookie, `multipart/form-data; boundary=${boundary}`, multipart(boundary, parts));
      expect({ label, status: res.status }).toEqual({ label, status: 400 });
      expect(JSON.parse(res.body).message).toMatch(/fields|files|multipart/);
      await expectNothingStored(user.id);
    }
  });

  it("answers 400 to a multipart body without a boundary, or with a boundary that never appears", async () => {
    const { user, cookie } = await client();
    const body = multipart(boundaryOf(), withFile());
    for (const contentType of [
      "multipart/form-data",
      "multipart/form-data; boundary=",
      `multipart/form-data; boundary=nope`,
    ]) {
      const res = await send(cookie, contentType, body);
      expect({ contentType, status: res.status }).toEqual({ contentType, status: 400 });
      expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
      await expectNothingStored(user.id);
    }
    // the server is still healthy afterwards
    const ok = await upload(t.agent().set("Cookie", cookie), [{ name: "after.pdf", data: fileOf("pdf") }]);
    expect(ok.status).toBe(201);
  });
});

describe("unicode in names and very long values (INJ-05)", () => {
  const BIDI = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"];
  const ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\ufeff"];

  it("strips bidi controls and zero-width characters from a file name, in the row, the list and the download", async () => {
    const { agent, user } = await t.signUp();
    const name = `Ɛkɔm\u202egnp.pdf${BIDI.join("")}${ZERO_WIDTH.join("")} ŋwoma.pdf`;
    const res = await upload(agent, [{ name, data: fileOf("pdf") }]);
    expect(res.status).toBe(201);
    const stored = res.body[0].originalFileName as string;
    expect(stored).toBe("Ɛkɔmgnp.pdf ŋwoma.pdf");
    const rows = await t.db.execute<{ name: string }>(
      sql`select original_file_name as name from digital_assets where user_id = ${user.id}`,
    );
    const list = await agent.get("/api/assets");
    const download = await agent.get(`/api/assets/${res.body[0].id}/download`);
    expect(download.status).toBe(200);
    const disposition = String(download.headers["content-disposition"]);
    for (const char of [...BIDI, ...ZERO_WIDTH]) {
      expect(rows.rows[0].name).not.toContain(char);
      expect(list.text).not.toContain(char);
      expect(JSON.stringify(list.body)).not.toContain(char);
      expect(disposition).not.toContain(encodeURIComponent(char));
      expect(disposition).not.toContain(char);
    }
    expect(disposition).toContain(encodeURIComponent("Ɛkɔmgnp.pdf ŋwoma.pdf"));
  });

  it("strips the same characters from names typed into JSON forms (a beneficiary, a will title)", async () => {
    const { agent, cookie } = await client();
    const hidden = [...BIDI, ...ZERO_WIDTH].join("");
    const heir = await agent
      .post("/api/beneficiaries")
      .set("Cookie", cookie)
      .send({
        firstName: `Ɔ${hidden}kyeame`,
        lastName: `Dar${BIDI[8]}ko`,
        email: t.uniqueEmail("heir"),
        relationship: "child",
      });
    expect(heir.status).toBe(201);
    expect([heir.body.firstName, heir.body.lastName]).toEqual(["Ɔkyeame", "Darko"]);
    const will = await agent
      .post("/api/digital-wills")
      .set("Cookie", cookie)
      .send({ title: `My will${BIDI[0]}${hidden}`, content: "I leave my kente to Ɔkyeame." });
    expect(will.status).toBe(201);
    expect(will.body.title).toBe("My will");
  });

  it("answers 10 000-character values with 400 and a message naming the limit, on an upload and a JSON route", async () => {
    const { agent, user, cookie } = await client();
    const long = "ɛ".repeat(10_000);
    const described = await upload(agent, [{ name: "a.pdf", data: fileOf("pdf") }], {
      category: "documents",
      description: "d".repeat(10_000),
    });
    expect(described.status).toBe(400);
    expect(described.body.errors).toEqual([{ path: "description", message: "Must be at most 2000 characters" }]);
    const multibyte = await upload(agent, [{ name: "a.pdf", data: fileOf("pdf") }], {
      category: "documents",
      description: long,
    });
    expect(multibyte.status).toBe(400);
    expect(multibyte.body.message).toMatch(/too long|at most/i);
    await expectNothingStored(user.id);

    const beneficiary = await agent
      .post("/api/beneficiaries")
      .set("Cookie", cookie)
      .send({ firstName: long, lastName: "Darko", email: t.uniqueEmail("heir"), relationship: "spouse" });
    expect(beneficiary.status).toBe(400);
    expect(beneficiary.body.errors).toEqual([{ path: "firstName", message: "Must be at most 100 characters" }]);
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from beneficiaries where user_id = ${user.id}`,
    );
    expect(count.rows[0].n).toBe(0);
  });
});
