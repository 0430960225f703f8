import { formatBytes } from "@shared/format";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminUser } from "@/features/admin/api/get-admin-users";
import { describeFailure } from "@/lib/describe-failure";
import { formatDate, formatDateTime } from "@/lib/format";

type UserDetailsDialogProps = { userId: number | null; onOpenChange: (open: boolean) => void };

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex justify-between gap-4 border-b py-1 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}

/** User details: metadata and counts only — an admin never sees a user's records or files (contract). */
export function UserDetailsDialog({ userId, onOpenChange }: UserDetailsDialogProps) {
  const detail = useAdminUser(userId);
  const u = detail.data;
  return (
    <Dialog open={userId !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>User Details</DialogTitle>
          <DialogDescription>Account metadata and record counts. Contents stay private to the user.</DialogDescription>
        </DialogHeader>
        {detail.isPending ? <Skeleton className="h-48 w-full" /> : null}
        {detail.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {describeFailure(detail.error)}
          </p>
        ) : null}
        {u ? (
          <dl>
            <Row label="Name" value={[u.firstName, u.lastName].filter(Boolean).join(" ") || "—"} />
            <Row label="Email" value={u.email} />
            <Row label="Role" value={u.userType} />
            <Row label="Status" value={u.status === "suspended" ? "Suspended" : "Active"} />
            <Row label="Plan" value={u.plan || "free"} />
            <Row label="Storage" value={`${formatBytes(u.storageUsed)} of ${formatBytes(u.storageLimit)}`} />
            <Row label="Two-factor sign-in" value={u.twoFactorEnabled ? "On" : "Off"} />
            <Row label="Joined" value={formatDate(u.createdAt)} />
            <Row label="Last activity" value={formatDateTime(u.lastActivityAt)} />
            <Row label="Files" value={u.counts.files} />
            <Row label="Other assets" value={u.counts.typedAssets} />
            <Row label="Beneficiaries" value={u.counts.beneficiaries} />
            <Row label="Wills" value={u.counts.wills} />
            <Row label="Trusted parties" value={u.counts.trustedParties} />
            <Row label="Release triggers" value={u.counts.triggers} />
            <Row label="Signed-in sessions" value={u.counts.activeSessions} />
          </dl>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
