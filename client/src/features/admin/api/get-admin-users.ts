import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminUserDetailDto, AdminUserDto } from "@shared/admin-api";
import type { AdminRoleFilter } from "@shared/validators/admin";
import { adminKeys } from "@/features/admin/api/admin-keys";
import { fetchListPage, type PageParams } from "@/lib/list-pages";

export type AdminUsersParams = PageParams & { role: AdminRoleFilter };

/** GET /api/admin/users one page at a time (server-side search and role filter, X-Total-Count). */
export function useAdminUsersPage(params: AdminUsersParams) {
  const { role, ...page } = params;
  return useQuery({
    queryKey: adminKeys.usersPage(params),
    queryFn: () => fetchListPage<AdminUserDto>("/api/admin/users", page, role === "all" ? {} : { role }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/:userId: metadata and counts for the details dialog (read only while it is open). */
export function useAdminUser(id: number | null) {
  return useQuery<AdminUserDetailDto>({ queryKey: adminKeys.user(id ?? 0), enabled: id !== null });
}
