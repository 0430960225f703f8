import type { ReactNode } from "react";
import { useFormContext } from "react-hook-form";
import type { z } from "zod";
import type { registerSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { FirstNameField, LastNameField, NewPasswordField, TextField } from "@/components/ui/form-field";
import { AccountTypeField } from "@/features/auth/components/account-type-field";

type SignUpValues = z.input<typeof registerSchema>;

/**
 * The fields both sign-up forms share (names, e-mail, password, account type) and the submit button, read from the
 * surrounding <FormProvider>; `children` go under the password (the confirm field of the first variant).
 */
export function SignUpFields({ children }: { children?: ReactNode }) {
  const {
    register,
    formState: { errors, isSubmitting },
  } = useFormContext<SignUpValues>();
  return (
    <fieldset disabled={isSubmitting} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FirstNameField error={errors.firstName?.message} {...register("firstName")} />
        <LastNameField error={errors.lastName?.message} {...register("lastName")} />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <NewPasswordField label="Password" error={errors.password?.message} {...register("password")} />
      {children}
      <AccountTypeField registration={register("userType")} error={errors.userType?.message} />
      <Button type="submit" size="lg" className="w-full">
        {isSubmitting ? "Creating account..." : "Create Account"}
      </Button>
    </fieldset>
  );
}
