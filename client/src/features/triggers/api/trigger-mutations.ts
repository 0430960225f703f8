import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TriggerDto } from "@shared/trigger-types";
import type { CreateTriggerInput } from "@shared/validators/triggers";
import { apiRequest } from "@/lib/api-client";
import { triggerKeys } from "@/features/triggers/api/trigger-keys";

/** POST /api/triggers; the list refreshes after it (spec 001 §7). */
export function useCreateTrigger() {
  const queryClient = useQueryClient();
  return useMutation<TriggerDto, Error, CreateTriggerInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/triggers", input)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triggerKeys.all() }),
  });
}

/** PUT /api/triggers/:id/status {status: "cancelled"}: the owner's one move. */
export function useCancelTrigger() {
  const queryClient = useQueryClient();
  return useMutation<TriggerDto, Error, number>({
    mutationFn: async (id) => (await apiRequest("PUT", `/api/triggers/${id}/status`, { status: "cancelled" })).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triggerKeys.all() }),
  });
}

/** POST /api/triggers/:id/test: the owner receives what the beneficiary would, marked as a test. */
export function useTestTrigger() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, number>({
    mutationFn: async (id) => (await apiRequest("POST", `/api/triggers/${id}/test`)).json(),
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: triggerKeys.detail(id) }),
  });
}
