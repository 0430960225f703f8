/**
 * The browser's own refusal of a passkey ceremony (WebAuthn): the person cancelled, no authenticator answered in time,
 * or the page lost focus. Nothing reached the server, so there is no server message to show.
 */
export function isCeremonyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}
