/** Query keys for the digital will; the segments join into the API path the default query function reads. */
export const willKeys = {
  all: ["/api/digital-wills"] as const,
  list: () => [...willKeys.all] as const,
  active: () => [...willKeys.all, "active"] as const,
};

/** The PDF download of one will (a browser navigation, not a query). */
export function willPdfUrl(id: number): string {
  return `/api/digital-wills/${id}/pdf`;
}
