import { useState } from "react";
import { KeyRound, Pencil, Trash2 } from "lucide-react";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import type { PublicUser } from "@shared/api-types";
import type { PasskeySummary } from "@shared/validators/passkeys";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { usePasskeys } from "@/features/settings/api/passkeys";
import { describeFailure } from "@/lib/describe-failure";
import { formatDateTime } from "@/lib/format";
import { AddPasskeyDialog } from "./add-passkey-dialog";
import { RemovePasskeyDialog } from "./remove-passkey-dialog";
import { RenamePasskeyDialog } from "./rename-passkey-dialog";

/**
 * The user's passkeys: added when, last used when; add one (once the address is confirmed, as the server requires),
 * rename one, remove one.
 */
export function PasskeysSection({ user }: { user: PublicUser }) {
  const passkeys = usePasskeys();
  const [isAdding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeySummary | null>(null);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const isSupported = browserSupportsWebAuthn();

  let list;
  if (passkeys.isPending) list = <Skeleton className="block h-16 w-full" aria-label="Loading passkeys" />;
  else if (passkeys.isError)
    list = <FormError message={`Could not load your passkeys. ${describeFailure(passkeys.error)}`} />;
  else if (passkeys.data.length === 0) list = <p className="text-sm text-muted-foreground">No passkeys yet.</p>;
  else
    list = (
      <ul className="divide-y rounded-md border" aria-label="Your passkeys">
        {passkeys.data.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="grid gap-1 text-sm">
              <span className="font-medium">{p.name}</span>
              <span className="text-muted-foreground">
                Added {formatDateTime(p.createdAt)} ·{" "}
                {p.lastUsedAt ? `last used ${formatDateTime(p.lastUsedAt)}` : "never used"}
              </span>
            </div>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" aria-label={`Rename ${p.name}`} onClick={() => setRenaming(p)}>
                <Pencil aria-hidden="true" />
                Rename
              </Button>
              <Button variant="outline" size="sm" aria-label={`Remove ${p.name}`} onClick={() => setRemoving(p)}>
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="grid gap-4">
      {list}
      <AddButton user={user} isSupported={isSupported} onAdd={() => setAdding(true)} />
      <AddPasskeyDialog open={isAdding} onOpenChange={setAdding} />
      <RenamePasskeyDialog passkey={renaming} onOpenChange={(open) => !open && setRenaming(null)} />
      <RemovePasskeyDialog passkey={removing} onOpenChange={(open) => !open && setRemoving(null)} />
    </div>
  );
}

function AddButton({ user, isSupported, onAdd }: { user: PublicUser; isSupported: boolean; onAdd: () => void }) {
  if (!user.emailVerified) {
    return (
      <p className="text-sm text-muted-foreground">
        Confirm your e-mail address first (open the link we e-mailed you), then add a passkey here.
      </p>
    );
  }
  if (!isSupported) {
    return (
      <p className="text-sm text-muted-foreground">
        This browser cannot create passkeys. Open Settings in a current browser to add one.
      </p>
    );
  }
  return (
    <Button className="w-fit" onClick={onAdd}>
      <KeyRound aria-hidden="true" />
      Add a Passkey
    </Button>
  );
}
