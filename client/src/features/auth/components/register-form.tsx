import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { PublicUser } from "@shared/api-types";
import { registerSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { useAuth } from "@/lib/auth";
import { AccountTypeField } from "@/features/auth/components/account-type-field";
import { NameFields } from "@/features/auth/components/name-fields";
import { applyServerErrors } from "@/features/auth/lib/apply-server-errors";

type RegisterFormValues = z.input<typeof registerSchema>;

/** Sign-up for the second sign-in variant: no confirm field (spec 000 §5). */
export function RegisterForm({ onSuccess }: { onSuccess?: (user: PublicUser) => void }) {
  const { registerMutation } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", userType: "client" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await registerMutation.mutateAsync(values);
      onSuccess?.(user);
    } catch (error) {
      applyServerErrors<RegisterFormValues>(
        error,
        ["firstName", "lastName", "email", "password", "userType"],
        setError,
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up">
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
        <AccountTypeField registration={register("userType")} error={errors.userType?.message} />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting ? "Creating account..." : "Create Account"}
        </Button>
      </fieldset>
    </form>
  );
}
