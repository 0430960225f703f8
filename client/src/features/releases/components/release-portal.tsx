import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { parseApiError } from "@/lib/api-client";
import { getReleaseQueryOptions, useRelease } from "@/features/releases/api/get-release";
import { openRelease } from "@/features/releases/api/open-release";
import { ReleaseView } from "@/features/releases/components/release-view";

/** Which release this tab opened: only its id (the cookie carries the session), so a reload of /release still works. */
const STORED = "heirloom.release";
/** Where the page lives once the token has left the address bar. */
export const RELEASE_HOME = "/release";

function storedReleaseId(): number | null {
  const value = Number(window.sessionStorage.getItem(STORED));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Why the last open failed, kept across the route change that drops the token (a status, never the token). */
let lastOpenFailure: number | null = null;

export function ReleaseUnavailable({
  title = "This link is no longer available",
  reason,
}: {
  title?: string;
  reason?: string;
}) {
  return (
    <div role="alert" className="flex gap-3 rounded-md border border-border bg-card p-4">
      <CircleAlert className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-1">
        <h1 className="text-lg font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">
          {reason ??
            "It may have expired or been withdrawn by the person who shared it. If you think this is a mistake, contact the family member or executor who told you about it."}
        </p>
      </div>
    </div>
  );
}

/**
 * The beneficiary's page. With a token (from the e-mail) it opens the release by POST — a GET of the page changes
 * nothing — then takes the token out of the address bar and history; after that it reads the release through the
 * release session, so a reload keeps working while the release does.
 */
export function ReleasePortal({ token }: { token?: string }) {
  const queryClient = useQueryClient();
  const [releaseId, setReleaseId] = useState<number | null>(() => (token ? null : storedReleaseId()));
  const [openError, setOpenError] = useState<unknown>(() =>
    !token && storedReleaseId() === null && lastOpenFailure !== null ? new Error(`${lastOpenFailure}: `) : null,
  );
  const release = useRelease(releaseId);

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    openRelease(token).then(
      (view) => {
        queryClient.setQueryData(getReleaseQueryOptions(view.release.id).queryKey, view);
        window.sessionStorage.setItem(STORED, String(view.release.id));
        lastOpenFailure = null;
        if (isCurrent) setReleaseId(view.release.id);
        window.history.replaceState(null, "", RELEASE_HOME);
      },
      (err: unknown) => {
        window.sessionStorage.removeItem(STORED);
        lastOpenFailure = parseApiError(err).status ?? 0;
        if (isCurrent) setOpenError(err);
        window.history.replaceState(null, "", RELEASE_HOME);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [token, queryClient]);

  const error = openError ?? release.error;
  if (error) {
    const { status } = parseApiError(error);
    if (status === 404) return <ReleaseUnavailable />;
    if (status === 429)
      return (
        <ReleaseUnavailable reason="Too many attempts from this network. Please wait a few minutes and try again." />
      );
    return <ReleaseUnavailable reason="We could not open this page just now. Please try again later." />;
  }
  if (!token && releaseId === null) return <ReleaseUnavailable />;
  if (!release.data) return <Spinner label="Opening..." showLabel />;
  return <ReleaseView view={release.data} />;
}
