import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { forgotPasswordSchema } from "@shared/validators/auth";
import { apiRequest } from "@/lib/api-client";

export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

/** The server answers the same whether or not the e-mail has an account (no enumeration). */
export function useForgotPassword() {
  return useMutation<void, Error, ForgotPasswordInput>({
    mutationFn: async (input) => {
      await apiRequest("POST", "/api/auth/forgot-password", input);
    },
  });
}
