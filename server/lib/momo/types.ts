/**
 * A mobile-money collection provider as the payments feature sees it (contract "Gift cards and mobile money"):
 * ask the payer's phone to approve a payment, and ask the provider what became of it. The provider's answer to
 * `status` is the only thing that ever credits anything; callbacks only make the server ask sooner.
 */
export type MomoProvider = {
  name: "test" | "mtn";
  /** Sends the approval prompt to the payer's phone. Throws MomoProviderError when the provider refuses it. */
  requestToPay(request: MomoRequest): Promise<void>;
  /** What the provider holds for `reference` now; null when it has no such payment. */
  status(reference: string): Promise<MomoStatus | null>;
};

export type MomoRequest = {
  /** Our reference (a UUID), the provider's idempotency key. */
  reference: string;
  /** Minor units (pesewas). */
  amountMinor: number;
  currency: string;
  /** The payer's number, +233 and nine digits. */
  phone: string;
  /** Shown on the payer's phone. */
  payerMessage: string;
  /** Where the provider may send its (unauthenticated) hint that the status changed. */
  callbackUrl: string;
};

export type MomoStatus = {
  state: "pending" | "successful" | "failed";
  amountMinor: number;
  currency: string;
  /** The provider's transaction id (successful payments). */
  externalReference: string | null;
  reason: string | null;
};

/** The provider answered and refused (a 4xx): the payment cannot go ahead. */
export class MomoProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MomoProviderError";
  }
}

/** The provider could not be reached or failed (timeout, 5xx): nothing is known yet; ask again later. */
export class MomoUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MomoUnavailableError";
  }
}

/** "12.50" → 1250; anything that is not a plain non-negative decimal with at most two places → NaN. */
export function parseMajorAmount(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const [whole, fraction = "0", ...rest] = text.split(".");
  const digits = /^\d+$/;
  if (rest.length > 0 || !digits.test(whole) || whole.length > 9 || !digits.test(fraction) || fraction.length > 2) {
    return Number.NaN;
  }
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 1250 → "12.50". */
export function formatMajorAmount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}
