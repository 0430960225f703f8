import { parseApiError } from "@/lib/api-client";

/** Spec 000 §8: a failure notice carries the server's status and text, else "An error occurred". */
export function describeFailure(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (!message) return "An error occurred";
  return status === null ? message : `${status}: ${message}`;
}
