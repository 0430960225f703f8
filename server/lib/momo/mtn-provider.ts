import {
  MomoProviderError,
  MomoUnavailableError,
  formatMajorAmount,
  parseMajorAmount,
  type MomoProvider,
  type MomoStatus,
} from "./types";

export type MtnConfig = {
  /** e.g. https://proxy.momoapi.mtn.com (production) or https://sandbox.momodeveloper.mtn.com. */
  baseUrl: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** `mtnghana` in production, `sandbox` in MTN's sandbox. */
  targetEnvironment: string;
};

/** Refresh the access token this long before MTN says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 15_000;

/**
 * MTN MoMo's Collection API: `POST /collection/token/` (Basic api user:key) for a bearer token,
 * `POST /collection/v1_0/requesttopay` (X-Reference-Id = our reference, 202) to prompt the payer, and
 * `GET /collection/v1_0/requesttopay/{reference}` for the status — PENDING, SUCCESSFUL or FAILED with the amount
 * and currency MTN holds. Tested offline against a local fake of these endpoints (server/test/fakes/mtn-momo.ts).
 */
export function createMtnProvider(config: MtnConfig, now: () => number = Date.now): MomoProvider {
  let token: { value: string; until: number } | undefined;
  const base = config.baseUrl.replace(/\/+$/, "");

  async function call(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new MomoUnavailableError(`MTN MoMo could not be reached (${(err as Error).name})`);
    }
  }

  async function bearer(): Promise<string> {
    if (token && token.until > now()) return token.value;
    const basic = Buffer.from(`${config.apiUser}:${config.apiKey}`).toString("base64");
    const res = await call("/collection/token/", {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Ocp-Apim-Subscription-Key": config.subscriptionKey },
    });
    if (!res.ok) throw new MomoUnavailableError(`MTN MoMo refused the token request (${res.status})`);
    const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== "string") throw new MomoProviderError("MTN MoMo sent no access token");
    const seconds = typeof body.expires_in === "number" ? body.expires_in : 3600;
    token = { value: body.access_token, until: now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  const headers = async (extra: Record<string, string> = {}) => ({
    Authorization: `Bearer ${await bearer()}`,
    "X-Target-Environment": config.targetEnvironment,
    "Ocp-Apim-Subscription-Key": config.subscriptionKey,
    ...extra,
  });

  return {
    name: "mtn",
    async requestToPay(r) {
      const res = await call("/collection/v1_0/requesttopay", {
        method: "POST",
        headers: await headers({
          "X-Reference-Id": r.reference,
          "X-Callback-Url": r.callbackUrl,
          "Content-Type": "application/json",
        }),
        body: JSON.stringify({
          amount: formatMajorAmount(r.amountMinor),
          currency: r.currency,
          externalId: r.reference,
          payer: { partyIdType: "MSISDN", partyId: r.phone.replace(/^\+/, "") },
          payerMessage: r.payerMessage.slice(0, 160),
          payeeNote: "Heirloom",
        }),
      });
      if (res.status >= 500) throw new MomoUnavailableError(`MTN MoMo failed on the payment request (${res.status})`);
      if (res.status !== 202) throw new MomoProviderError(`MTN MoMo refused the payment request (${res.status})`);
    },
    async status(reference) {
      const res = await call(`/collection/v1_0/requesttopay/${encodeURIComponent(reference)}`, {
        method: "GET",
        headers: await headers(),
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new MomoUnavailableError(`MTN MoMo status query failed (${res.status})`);
      const body = (await res.json()) as Record<string, unknown>;
      return toStatus(body);
    },
  };
}

function toStatus(body: Record<string, unknown>): MomoStatus {
  const state = body.status === "SUCCESSFUL" ? "successful" : body.status === "FAILED" ? "failed" : "pending";
  // MTN sends `reason` as a code string, or as {code, message}
  const raw = body.reason;
  const detail = typeof raw === "object" && raw !== null ? (raw as { message?: unknown; code?: unknown }) : {};
  const reasonText =
    typeof raw === "string"
      ? raw
      : typeof detail.message === "string"
        ? detail.message
        : typeof detail.code === "string"
          ? detail.code
          : null;
  return {
    state,
    amountMinor: parseMajorAmount(body.amount),
    currency: typeof body.currency === "string" ? body.currency : "",
    externalReference: typeof body.financialTransactionId === "string" ? body.financialTransactionId : null,
    reason: reasonText,
  };
}
