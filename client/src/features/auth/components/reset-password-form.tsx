import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { AUTH_MESSAGES, resetPasswordSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { ConfirmPasswordField, FormError, NewPasswordField } from "@/components/ui/form-field";
import { parseApiError } from "@/lib/api-client";
import { useResetPassword } from "@/features/auth/api/reset-password";

/** The shared password rule plus a confirm field that only the form needs. */
const resetPasswordFormSchema = z
  .object({ password: resetPasswordSchema.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: AUTH_MESSAGES.confirm, path: ["confirmPassword"] });

type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

/** What a failed reset tells the user: an unusable link, or the server's reason. */
function resetFailureText(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === 404 || status === 409) return "This reset link is invalid or has expired. Please request a new one.";
  return message || "Something went wrong. Please try again.";
}

export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword.mutateAsync({ token, password });
      onSuccess();
    } catch (error) {
      setError("root", { message: resetFailureText(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <NewPasswordField error={errors.password?.message} {...register("password")} />
        <ConfirmPasswordField error={errors.confirmPassword?.message} {...register("confirmPassword")} />
        <FormError message={errors.root?.message} />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting ? "Saving..." : "Set new password"}
        </Button>
      </fieldset>
    </form>
  );
}
