import { useState, type FormEvent } from "react";
import type { AdminUserDto } from "@shared/admin-api";
import { ADMIN_PAGE_SIZE, ADMIN_ROLE_FILTERS, type AdminRoleFilter } from "@shared/validators/admin";
import { PagedTable } from "@/components/paged-table";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { SelectField } from "@/components/ui/select-field";
import { useAdminUsersPage } from "@/features/admin/api/get-admin-users";
import { useDeleteUser } from "@/features/admin/api/user-actions";
import { DeleteUserDialog } from "@/features/admin/components/delete-user-dialog";
import { UserDetailsDialog } from "@/features/admin/components/user-details-dialog";
import { UserRow } from "@/features/admin/components/user-row";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/lib/auth";

const ROLE_OPTIONS = ADMIN_ROLE_FILTERS.map((value) => ({
  value,
  label: value === "all" ? "All users" : `${value[0].toUpperCase()}${value.slice(1)}s`,
}));
const HEADINGS = ["User", "Role", "Plan", "Status", "Storage", "Joined", "Actions"];

/** User Management: role filter, server-side search by name or e-mail, pages, details, suspend, delete. */
export function UsersTab() {
  const { user: me } = useAuth();
  const [role, setRole] = useState<AdminRoleFilter>("all");
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const [offset, setOffset] = useState(0);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminUserDto | null>(null);
  const page = useAdminUsersPage({ role, q, limit: ADMIN_PAGE_SIZE, offset });
  const remove = useDeleteUser();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setOffset(0);
  };
  const deleteUser = async (confirmEmail: string) => {
    if (!deleting) return;
    await remove.mutateAsync({ id: deleting.id, confirmEmail });
    toast({
      title: "User Deleted",
      description: `${deleting.email} and their data have been erased.`,
      variant: "success",
    });
    setDeleting(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>Search by name or e-mail; filter by role.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField
            label="Role"
            options={ROLE_OPTIONS}
            value={role}
            containerClassName="sm:w-48"
            onChange={(e) => {
              setRole(e.target.value as AdminRoleFilter);
              setOffset(0);
            }}
          />
          <form role="search" onSubmit={search} className="flex flex-1 gap-2">
            <Input
              aria-label="Search users"
              placeholder="Name or e-mail"
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
            />
            <Button type="submit">Search</Button>
          </form>
        </div>
        <PagedTable
          page={page}
          what="users"
          emptyText="No users match."
          headings={HEADINGS}
          renderRow={(u) => (
            <UserRow key={u.id} user={u} isSelf={u.id === me?.id} onDetails={setDetailsId} onDelete={setDeleting} />
          )}
          pagesLabel="User pages"
          offset={offset}
          pageSize={ADMIN_PAGE_SIZE}
          onOffsetChange={setOffset}
        />
      </CardContent>
      <UserDetailsDialog userId={detailsId} onOpenChange={(open) => !open && setDetailsId(null)} />
      <DeleteUserDialog
        user={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDelete={({ confirmEmail }) => deleteUser(confirmEmail)}
      />
    </Card>
  );
}
