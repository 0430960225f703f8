import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import type { z } from "zod";
import { forgotPasswordSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-field";
import { parseApiError } from "@/lib/api-client";
import { useForgotPassword } from "@/features/auth/api/forgot-password";

export const RESET_LINK_SENT_MESSAGE = "If an account exists for that e-mail, a reset link is on its way.";

export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const [isSent, setIsSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgotPassword.mutateAsync(values);
      setIsSent(true);
    } catch (error) {
      setError("root", { message: parseApiError(error).message || "Something went wrong. Please try again." });
    }
  });

  if (isSent) {
    return (
      <div role="status" className="flex gap-3 rounded-md border border-success bg-card p-4 text-sm">
        <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
        <p>{RESET_LINK_SENT_MESSAGE}</p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Request a password reset link">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <FormError message={errors.root?.message} />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting ? "Sending..." : "Send reset link"}
        </Button>
      </fieldset>
    </form>
  );
}
