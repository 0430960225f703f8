import { parseApiError } from "@/lib/api-client";

/** Spec 000 §8: a failure notice carries the server's status and text, else "An error occurred". */
export function describeFailure(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (!message) return "An error occurred";
  return status === null ? message : `${status}: ${message}`;
}

/** Statuses whose message tells a user what to change: validation, plan limit, too large, wrong type. */
const ACTIONABLE = new Set([400, 402, 413, 415]);

/**
 * The spec's fixed failure text, followed by the server's reason when a user can act on it, e.g. "Failed to create
 * asset. Please try again. File limit reached: upgrade to add more."; the fixed text alone otherwise.
 */
export function withServerReason(fallback: string, error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === null || !ACTIONABLE.has(status) || !message) return fallback;
  return /[.!?]$/.test(fallback) ? `${fallback} ${message}` : `${fallback}. ${message}`;
}
