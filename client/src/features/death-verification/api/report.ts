import { useMutation } from "@tanstack/react-query";
import type { DeathReportInput } from "@shared/validators/death-verification";
import { apiRequest } from "@/lib/api-client";

/** POST /api/death-verification/report (public): always the same answer, whether or not the account exists. */
export function useReportDeath() {
  return useMutation<{ message: string }, Error, DeathReportInput>({
    mutationFn: async (input) => (await apiRequest("POST", "/api/death-verification/report", input)).json(),
  });
}

/** POST /api/death-verification/report/confirm: the reporter's link, acted on by a button (opening it does nothing). */
export function useConfirmReport(token: string) {
  return useMutation<{ message: string }, Error, void>({
    mutationFn: async () => (await apiRequest("POST", "/api/death-verification/report/confirm", { token })).json(),
  });
}
