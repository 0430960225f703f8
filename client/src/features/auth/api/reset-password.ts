import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { resetPasswordSchema } from "@shared/validators/auth";
import { apiRequest } from "@/lib/api-client";

export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

export function useResetPassword() {
  return useMutation<void, Error, ResetPasswordInput>({
    mutationFn: async (input) => {
      await apiRequest("POST", "/api/auth/reset-password", input);
    },
  });
}
