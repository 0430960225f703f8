/**
 * Query keys for billing. The default query function GETs the key segments joined by "/", so each key is its path.
 */
export const billingKeys = {
  usage: () => ["/api/usage"] as const,
  history: () => ["/api/billing/history"] as const,
  /** The account credit (gift cards redeemed, purchases paid): the gift-cards screen refreshes the same path. */
  credit: () => ["/api/account-credit"] as const,
};
