import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

type Held = { amount: string; currency: string; payer: string; status: "PENDING" | "SUCCESSFUL" | "FAILED" };

export type FakeMtn = Awaited<ReturnType<typeof startFakeMtn>>;

export const FAKE_MTN_KEYS = { subscriptionKey: "sub-key", apiUser: "3f0b9c1e-api-user", apiKey: "api-key-secret" };

/**
 * MTN MoMo's collection API on loopback, as the adapter uses it: `POST /collection/token/` (Basic api user and key,
 * subscription key), `POST /collection/v1_0/requesttopay` (bearer, X-Reference-Id, 202, 409 for a reused reference),
 * `GET /collection/v1_0/requesttopay/:ref` (the status MTN holds). The test decides what the payer does with
 * `answer()`; `down` makes every call fail with 503.
 */
export async function startFakeMtn() {
  const tokens = new Set<string>();
  const payments = new Map<string, Held>();
  const calls = { token: 0, request: 0, status: 0 };
  /** down: every call answers 503; refuse: payment requests answer 400 (an invalid payer, say). */
  const state = { down: false, refuse: false };

  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const authorised = (req: http.IncomingMessage) =>
    req.headers["ocp-apim-subscription-key"] === FAKE_MTN_KEYS.subscriptionKey &&
    tokens.has(String(req.headers.authorization ?? "").replace(/^Bearer /, ""));

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (state.down) return send(res, 503, { message: "Service unavailable" });
    const url = new URL(req.url ?? "/", "http://fake-mtn");
    if (req.method === "POST" && url.pathname === "/collection/token/") {
      calls.token += 1;
      const basic = Buffer.from(`${FAKE_MTN_KEYS.apiUser}:${FAKE_MTN_KEYS.apiKey}`).toString("base64");
      if (req.headers.authorization !== `Basic ${basic}`) return send(res, 401, { error: "login_failed" });
      const token = randomBytes(16).toString("hex");
      tokens.add(token);
      return send(res, 200, { access_token: token, token_type: "access_token", expires_in: 3600 });
    }
    if (!authorised(req)) return send(res, 401, { code: "UNAUTHORIZED" });
    if (req.method === "POST" && url.pathname === "/collection/v1_0/requesttopay") {
      calls.request += 1;
      if (state.refuse) return send(res, 400, { code: "PAYER_NOT_FOUND" });
      const ref = String(req.headers["x-reference-id"] ?? "");
      if (payments.has(ref)) return send(res, 409, { code: "RESOURCE_ALREADY_EXIST" });
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        amount: string;
        currency: string;
        payer: { partyId: string };
      };
      payments.set(ref, { amount: body.amount, currency: body.currency, payer: body.payer.partyId, status: "PENDING" });
      return send(res, 202);
    }
    const m = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && m) {
      calls.status += 1;
      const held = payments.get(decodeURIComponent(m[1]));
      if (!held) return send(res, 404, { code: "RESOURCE_NOT_FOUND" });
      return send(res, 200, {
        amount: held.amount,
        currency: held.currency,
        externalId: m[1],
        payer: { partyIdType: "MSISDN", partyId: held.payer },
        status: held.status,
        ...(held.status === "SUCCESSFUL" ? { financialTransactionId: "1234567890" } : {}),
        ...(held.status === "FAILED" ? { reason: "APPROVAL_REJECTED" } : {}),
      });
    }
    send(res, 404, { code: "NOT_FOUND" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    state,
    /** What MTN holds for a reference (undefined: never requested). */
    held: (reference: string) => payments.get(reference),
    /** The payer answers on their phone; `amount`/`currency` change what MTN reports (a mismatch). */
    answer(reference: string, status: "SUCCESSFUL" | "FAILED", change: { amount?: string; currency?: string } = {}) {
      const held = payments.get(reference);
      if (!held) throw new Error(`no payment ${reference}`);
      Object.assign(held, { status, ...change });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
