import type { TrustedForDto } from "@shared/api-types";
import { LoadFailure } from "@/components/load-failure";
import { Spinner } from "@/components/ui/spinner";
import { useTrustedFor } from "@/features/trusted-parties/api/get-trusted-for";

function permissionsOf(p: TrustedForDto): string[] {
  return [
    p.canInitiateDeathVerification ? "May report their death" : null,
    p.canAccessAssets ? "May access assets" : null,
    p.canManageBeneficiaries ? "May manage beneficiaries" : null,
  ].filter((x): x is string => x !== null);
}

/** The trusted party's own view: who named them and what they may do. Read-only. */
export function TrustedForList() {
  const list = useTrustedFor();
  if (list.isPending) return <Spinner label="Loading..." showLabel />;
  if (list.error) {
    return <LoadFailure what="the people who named you" onRetry={() => void list.refetch()} />;
  }
  if (list.data.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No one has named you as a trusted party yet. When someone does, you will get an e-mail invitation to accept.
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="People who named you">
      {list.data.map((p) => {
        const permissions = permissionsOf(p);
        return (
          <li key={p.id} className="grid gap-1 rounded-md border p-4 text-sm">
            <p className="font-semibold">{p.ownerName}</p>
            <p className="text-muted-foreground">
              You are their {p.relationship}
              {p.activatedAt ? ` · trusted party since ${new Date(p.activatedAt).toLocaleDateString()}` : ""}
            </p>
            <ul className="list-inside list-disc">
              {permissions.length > 0 ? (
                permissions.map((text) => <li key={text}>{text}</li>)
              ) : (
                <li>No permissions granted</li>
              )}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
