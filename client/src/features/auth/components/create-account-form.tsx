import { FormProvider, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { PublicUser } from "@shared/api-types";
import { registerWithConfirmSchema } from "@shared/validators/auth";
import { TextField } from "@/components/ui/form-field";
import { useAuth } from "@/lib/auth";
import { SignUpFields } from "@/features/auth/components/sign-up-fields";
import { applyServerErrors } from "@/lib/form-errors";

type CreateAccountValues = z.input<typeof registerWithConfirmSchema>;

/** Sign-up for the first sign-in variant, with the confirm field ("Passwords don't match"). */
export function CreateAccountForm({ onSuccess }: { onSuccess?: (user: PublicUser) => void }) {
  const { registerMutation } = useAuth();
  const form = useForm<CreateAccountValues, unknown, z.output<typeof registerWithConfirmSchema>>({
    resolver: zodResolver(registerWithConfirmSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
      userType: "client",
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await registerMutation.mutateAsync(values);
      onSuccess?.(user);
    } catch (error) {
      applyServerErrors<CreateAccountValues>(
        error,
        ["firstName", "lastName", "email", "password", "confirmPassword", "userType"],
        form.setError,
      );
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Create account">
        <SignUpFields>
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={form.formState.errors.confirmPassword?.message}
            {...form.register("confirmPassword")}
          />
        </SignUpFields>
      </form>
    </FormProvider>
  );
}
