import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "@/features/settings/api/sessions";
import { describeFailure } from "@/lib/describe-failure";
import { formatDateTime } from "@/lib/format";

/** The user's sessions: device, network, last seen; "Sign out" each, or "Sign out everywhere else". */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const fail = (error: unknown) =>
    toast({ title: "Failed to sign out", description: describeFailure(error), variant: "destructive" });

  if (sessions.isPending) return <Skeleton className="block h-24 w-full" aria-label="Loading sessions" />;
  if (sessions.isError)
    return <FormError message={`Could not load your sessions. ${describeFailure(sessions.error)}`} />;
  const rows = sessions.data;
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No active sessions.</p>;
  const hasOthers = rows.some((s) => !s.current);
  return (
    <div className="grid gap-4">
      <ul className="divide-y rounded-md border" aria-label="Active sessions">
        {rows.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="grid gap-1 text-sm">
              <span className="font-medium">
                {s.device} {s.current ? <Badge variant="success">This device</Badge> : null}
              </span>
              <span className="text-muted-foreground">
                {s.place}
                {s.lastSeenAt ? ` · last seen ${formatDateTime(s.lastSeenAt)}` : ""}
              </span>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={revoke.isPending}
              aria-label={`Sign out ${s.device}${s.current ? " (this device)" : ""}`}
              onClick={() => revoke.mutate(s, { onError: fail })}
            >
              Sign out
            </Button>
          </li>
        ))}
      </ul>
      {hasOthers ? (
        <Button
          variant="outline"
          className="w-fit"
          disabled={revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: ({ ended }) =>
                toast({ title: "Signed out", description: `${ended} other session(s) ended.`, variant: "success" }),
              onError: fail,
            })
          }
        >
          Sign out everywhere else
        </Button>
      ) : null}
    </div>
  );
}
