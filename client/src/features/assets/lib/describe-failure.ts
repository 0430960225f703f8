import { parseApiError } from "@/lib/api-client";

/**
 * The spec's fixed failure text, followed by the server's reason when it is one a user can act on (400
 * validation, 402 plan limit, 413 too large, 415 wrong type), e.g. "Failed to create asset. Please try again.
 * File limit reached: upgrade to add more."
 */
export function describeFailure(error: unknown, fallback: string): string {
  const { status, message } = parseApiError(error);
  const isActionable = status === 400 || status === 402 || status === 413 || status === 415;
  return isActionable && message ? `${fallback} ${message}` : fallback;
}
