/** Query keys for gift cards; each starts with the API path it reads, so the default query function GETs it. */
export const giftCardKeys = {
  all: () => ["/api/gift-cards"] as const,
  purchase: (id: number) => ["/api/gift-cards/purchases", String(id)] as const,
  credit: () => ["/api/account-credit"] as const,
};
