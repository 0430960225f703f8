/** Query keys for releases; the segments join into the API path the default query function reads. */
export const releaseKeys = {
  all: ["/api/releases"] as const,
  /** The owner's list. */
  list: () => [...releaseKeys.all] as const,
  /** One release as its beneficiary's release session reads it. */
  detail: (id: number) => [...releaseKeys.all, id] as const,
};

/** A released file's download (a browser navigation with the release session's cookie, not a query). */
export function releasedFileUrl(releaseId: number, fileId: number): string {
  return `/api/releases/${releaseId}/files/${fileId}`;
}
