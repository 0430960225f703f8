import { TWO_FACTOR_REQUIRED_FOR_ROLE } from "@shared/api-types";
import { parseApiError } from "@/lib/api-client";

type Listener = () => void;
let listener: Listener | undefined;

/** The 403 an agent or admin route answers until a second factor is on (contract "Account security"). */
export function isSecondFactorRequired(error: unknown): boolean {
  const { status, message } = parseApiError(error);
  return status === 403 && message === TWO_FACTOR_REQUIRED_FOR_ROLE;
}

/** The router registers where to send the user (the settings screen's two-factor section); answers the removal. */
export function onSecondFactorRequired(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = undefined;
  };
}

/** Called by the query client for every failed read or write. */
export function reportIfSecondFactorRequired(error: unknown): void {
  if (isSecondFactorRequired(error)) listener?.();
}
