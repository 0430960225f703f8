import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUserDto } from "@shared/admin-api";
import type { AdminDeleteUserInput, UserStatus } from "@shared/validators/admin";
import { adminKeys } from "@/features/admin/api/admin-keys";
import { apiRequest } from "@/lib/api-client";

/** Users and stats change together: every user action refreshes the list, the open details and the cards. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.agents() }),
    ]).then(() => undefined);
}

/** PATCH /api/admin/users/:userId/status: suspend (their sessions end at once) or reactivate. */
export function useSetUserStatus() {
  const refresh = useRefreshUsers();
  return useMutation<AdminUserDto, Error, { id: number; status: UserStatus }>({
    mutationFn: async ({ id, status }) =>
      (await apiRequest("PATCH", `/api/admin/users/${id}/status`, { status })).json() as Promise<AdminUserDto>,
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/users/:userId with the typed confirmation: erases the account and its data. */
export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation<void, Error, { id: number } & AdminDeleteUserInput>({
    mutationFn: async ({ id, confirmEmail }) => {
      await apiRequest("DELETE", `/api/admin/users/${id}`, { confirmEmail });
    },
    onSuccess: refresh,
  });
}
