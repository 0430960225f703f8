import { useState } from "react";
import type { AdminUserDto } from "@shared/admin-api";
import { formatBytes } from "@shared/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useSetUserStatus } from "@/features/admin/api/user-actions";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { formatDate } from "@/lib/format";

type UserRowProps = {
  user: AdminUserDto;
  isSelf: boolean;
  onDetails: (id: number) => void;
  onDelete: (user: AdminUserDto) => void;
};

const fullName = (u: AdminUserDto) => [u.firstName, u.lastName].filter(Boolean).join(" ") || "—";

/** One user in User Management: the real status, and actions that each do what they say. */
export function UserRow({ user, isSelf, onDetails, onDelete }: UserRowProps) {
  const [confirming, setConfirming] = useState(false);
  const setStatus = useSetUserStatus();
  const suspended = user.status === "suspended";

  const change = async () => {
    try {
      await setStatus.mutateAsync({ id: user.id, status: suspended ? "active" : "suspended" });
      toast({
        title: "User Status Updated",
        description: `${user.email} is ${suspended ? "active again" : "suspended; their sessions have ended"}.`,
        variant: "success",
      });
      setConfirming(false);
    } catch (error) {
      toast({
        title: "Error",
        description: `Failed to update user status. ${describeFailure(error)}`,
        variant: "destructive",
      });
    }
  };

  return (
    <tr className="border-b last:border-0">
      <td className="py-2 pr-3">
        <div className="font-medium">{fullName(user)}</div>
        <div className="text-xs text-muted-foreground">{user.email}</div>
      </td>
      <td className="py-2 pr-3 capitalize">{user.userType}</td>
      <td className="py-2 pr-3">{user.plan || "free"}</td>
      <td className="py-2 pr-3">
        <Badge variant={suspended ? "destructive" : "success"}>{suspended ? "Suspended" : "Active"}</Badge>
      </td>
      <td className="py-2 pr-3 text-sm">{formatBytes(user.storageUsed)}</td>
      <td className="py-2 pr-3 text-sm">{formatDate(user.createdAt)}</td>
      <td className="py-2">
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => onDetails(user.id)}
            aria-label={`Details of ${user.email}`}
          >
            Details
          </Button>
          {isSelf ? null : (
            <>
              <Button
                size="sm"
                variant={suspended ? "default" : "outline"}
                onClick={() => (suspended ? void change() : setConfirming(true))}
                disabled={setStatus.isPending}
                aria-label={`${suspended ? "Reactivate" : "Suspend"} ${user.email}`}
              >
                {suspended ? "Reactivate" : "Suspend"}
              </Button>
              <Button
                size="sm"
                variant="destructive"
                onClick={() => onDelete(user)}
                aria-label={`Delete ${user.email}`}
              >
                Delete
              </Button>
            </>
          )}
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Suspend User"
          description={`${user.email} will be signed out everywhere at once and cannot sign in until reactivated.`}
          confirmLabel="Suspend"
          pendingLabel="Suspending..."
          isPending={setStatus.isPending}
          onConfirm={() => void change()}
        />
      </td>
    </tr>
  );
}
