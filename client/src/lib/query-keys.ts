/**
 * The query keys that more than one feature reads or refreshes; each feature's own key factory builds on these. Every
 * key starts with the API path it reads, so the default query function GETs it (spec 000 §7: the segments joined by
 * "/") and one prefix invalidates every variant of a list.
 */
export const queryKeys = {
  /** The signed-in user, or null without a session (lib/auth.tsx). Plan and storage used live on it. */
  user: () => ["/api/user"] as const,
  /** The dashboard's counters, also the backup screen's account overview. */
  dashboardStats: () => ["/api/dashboard/stats"] as const,
  /** Every asset of every kind, one list (the Assets screen's "All Assets"). */
  assetIndex: () => ["/api/asset-index"] as const,
  /**
   * The uploaded files' list (ASSET_KINDS.digital_files.apiPath, written out so that the first load, which reads this
   * module, need not carry shared/asset-types); a kind's list in general is lib/typed-assets.ts's assetListKey.
   */
  files: () => ["/api/assets"] as const,
  beneficiaries: () => ["/api/beneficiaries"] as const,
  /** The signed-in user's in-app notifications (the header bell) and audit trail (the Activity screen). */
  notifications: () => ["/api/notifications"] as const,
  activity: () => ["/api/activity"] as const,
  /** The people who named the signed-in user as a trusted party (the /trusted screen: the list and "Report a death"). */
  trustedFor: () => ["/api/trusted-for"] as const,
};
