import type { ReleaseViewDto } from "@shared/release-api";
import { apiRequest } from "@/lib/api-client";

/**
 * Opening a link is a write (it starts a release session and is logged for the owner), so it is a POST, sent once
 * per token even when React mounts the page twice (StrictMode, the route change that drops the token).
 */
const opening = new Map<string, Promise<ReleaseViewDto>>();

export function openRelease(token: string): Promise<ReleaseViewDto> {
  let pending = opening.get(token);
  if (!pending) {
    pending = apiRequest("POST", "/api/releases/open", { token }).then((res) => res.json() as Promise<ReleaseViewDto>);
    opening.set(token, pending);
  }
  return pending;
}
