import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Test } from "supertest";
import type TestAgent from "supertest/lib/agent";

/** Who "signs in" at the fake consent screen: Google's OpenID userinfo fields. */
export type GoogleAccount = { sub: string; email: string; email_verified: boolean; given_name?: string };

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

/** The OAuth client the Google tests configure the app with (not a real one). */
export const TEST_GOOGLE_CLIENT = { clientId: "client-id.apps.example", clientSecret: "not-a-real-secret" };

/**
 * The whole browser round trip, in one browser (`agent` keeps its cookies): our redirect to Google, Google's consent
 * page signed in as `account`, our callback. Returns our two answers.
 */
export async function signInThroughGoogle(google: FakeGoogle, agent: TestAgent<Test>, account: GoogleAccount) {
  const start = await agent.get("/auth/google");
  google.consentAs(account);
  const back = await google.consent(String(start.headers.location));
  const callback = await agent.get(back.path);
  return { start, callback };
}

/**
 * Google's OAuth endpoints on loopback, as passport-google-oauth20 uses them: the consent page (`/authorize`, which
 * redirects back with a one-time code and the caller's `state`), the code exchange (`/token`, form-encoded, client
 * credentials in the body) and the profile (`/userinfo`, bearer token). Codes and tokens are single-use and bound
 * to the client and redirect URI, as Google's are.
 */
export async function startFakeGoogle(client: { clientId: string; clientSecret: string }) {
  let consenting: GoogleAccount | undefined;
  const codes = new Map<string, { account: GoogleAccount; redirectUri: string }>();
  const tokens = new Map<string, GoogleAccount>();
  const calls = { authorize: 0, token: 0, userinfo: 0 };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-google");
    if (req.method === "GET" && url.pathname === "/authorize") {
      calls.authorize += 1;
      const redirectUri = url.searchParams.get("redirect_uri");
      if (url.searchParams.get("client_id") !== client.clientId || !redirectUri || !consenting) {
        return json(res, 400, { error: "invalid_request" });
      }
      const code = randomBytes(16).toString("hex");
      codes.set(code, { account: consenting, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      const state = url.searchParams.get("state");
      if (state !== null) back.searchParams.set("state", state);
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/token") {
      calls.token += 1;
      void readBody(req).then((form) => {
        const grant = codes.get(form.get("code") ?? "");
        const clientOk = form.get("client_id") === client.clientId && form.get("client_secret") === client.clientSecret;
        if (!clientOk) return json(res, 401, { error: "invalid_client" });
        if (
          form.get("grant_type") !== "authorization_code" ||
          !grant ||
          grant.redirectUri !== form.get("redirect_uri")
        ) {
          return json(res, 400, { error: "invalid_grant" });
        }
        codes.delete(form.get("code") ?? "");
        const accessToken = randomBytes(16).toString("hex");
        tokens.set(accessToken, grant.account);
        json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3599, scope: "openid email" });
      });
      return;
    }
    if (req.method === "GET" && url.pathname === "/userinfo") {
      calls.userinfo += 1;
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? url.searchParams.get("access_token");
      const account = bearer ? tokens.get(bearer) : undefined;
      if (!account) return json(res, 401, { error: "invalid_token" });
      return json(res, 200, { ...account, name: account.given_name ?? "Google User", family_name: "Owusu" });
    }
    json(res, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    calls,
    endpoints: {
      authorizationURL: `${base}/authorize`,
      tokenURL: `${base}/token`,
      userProfileURL: `${base}/userinfo`,
    },
    /** The account that the next visit to the consent page signs in as. */
    consentAs(account: GoogleAccount) {
      consenting = account;
    },
    /**
     * Follows our redirect to the consent page as a browser would, and answers where Google sends the browser back
     * (the callback's path and query: `code` and the `state` it was given).
     */
    async consent(authorizeLocation: string): Promise<{ path: string; code: string; state: string | null }> {
      const res = await fetch(authorizeLocation, { redirect: "manual" });
      const back = new URL(res.headers.get("location") ?? "");
      return {
        path: back.pathname + back.search,
        code: back.searchParams.get("code") ?? "",
        state: back.searchParams.get("state"),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
