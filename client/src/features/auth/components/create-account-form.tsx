import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { PublicUser } from "@shared/api-types";
import { registerWithConfirmSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { useAuth } from "@/lib/auth";
import { AccountTypeField } from "@/features/auth/components/account-type-field";
import { NameFields } from "@/features/auth/components/name-fields";
import { applyServerErrors } from "@/features/auth/lib/apply-server-errors";

type CreateAccountValues = z.input<typeof registerWithConfirmSchema>;

/** Sign-up for the first sign-in variant, with the confirm field ("Passwords don't match"). */
export function CreateAccountForm({ onSuccess }: { onSuccess?: (user: PublicUser) => void }) {
  const { registerMutation } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateAccountValues, unknown, z.output<typeof registerWithConfirmSchema>>({
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

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await registerMutation.mutateAsync(values);
      onSuccess?.(user);
    } catch (error) {
      applyServerErrors<CreateAccountValues>(
        error,
        ["firstName", "lastName", "email", "password", "confirmPassword", "userType"],
        setError,
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <NameFields
          firstName={register("firstName")}
          lastName={register("lastName")}
          errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message }}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        <AccountTypeField registration={register("userType")} error={errors.userType?.message} />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting ? "Creating account..." : "Create Account"}
        </Button>
      </fieldset>
    </form>
  );
}
