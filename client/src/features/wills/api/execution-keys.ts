/** Query keys of will execution records; the segments join into the API path the default query function reads. */
export const executionKeys = {
  detail: (willId: number) => ["/api/digital-wills", willId, "execution"] as const,
  current: () => ["/api/will-executions", "current"] as const,
};

/** The PDF laid out for wet signatures (a browser navigation, not a query). */
export function executionPdfUrl(willId: number): string {
  return `/api/digital-wills/${willId}/execution/pdf`;
}

/** The scan of the signed pages. */
export function executionScanUrl(willId: number): string {
  return `/api/digital-wills/${willId}/execution/scan`;
}
