import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordFormSchema, type ChangePasswordFormInput } from "@shared/validators/account";
import { Button } from "@/components/ui/button";
import { ConfirmPasswordField, NewPasswordField, PasswordField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useChangePassword } from "@/features/settings/api/change-password";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
const EMPTY: ChangePasswordFormInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change the password: the current one, the new one twice. Every other session is signed out. */
export function PasswordForm() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      toast({
        title: "Password Changed",
        description: "Every other session was signed out.",
        variant: "success",
      });
    } catch (error) {
      if (applyServerErrors(error, FIELDS, setError)) return;
      const { status, message } = parseApiError(error);
      // The step-up confirmation refused the password (401 with its own message).
      if (status === 401 && message) return setError("currentPassword", { type: "server", message });
      toast({ title: "Failed to change password", description: describeFailure(error), variant: "destructive" });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="grid max-w-md gap-4">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <PasswordField
          label="Current password"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
        <NewPasswordField error={errors.newPassword?.message} {...register("newPassword")} />
        <ConfirmPasswordField error={errors.confirmPassword?.message} {...register("confirmPassword")} />
        <Button type="submit" className="w-fit">
          {isSubmitting ? "Changing..." : "Change Password"}
        </Button>
      </fieldset>
    </form>
  );
}
