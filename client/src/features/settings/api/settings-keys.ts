/** The settings screen's reads; each key is the API path the default query function GETs. */
export const settingsKeys = {
  sessions: () => ["/api/user/sessions"] as const,
  pendingEmail: () => ["/api/user/email"] as const,
  passkeys: () => ["/api/user/passkeys"] as const,
};
