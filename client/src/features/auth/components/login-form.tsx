import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "wouter";
import type { z } from "zod";
import type { PublicUser } from "@shared/api-types";
import type { SecondStepMethod } from "@shared/second-factor";
import { loginSchema } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { PasswordField, TextField } from "@/components/ui/form-field";
import { paths } from "@/config/paths";
import { useIsHydrated } from "@/hooks/use-is-hydrated";
import { isTwoFactorRequired, useAuth } from "@/lib/auth";
import { applyServerErrors } from "@/lib/form-errors";
import { PasskeySignInButton } from "@/features/auth/components/passkey-sign-in-button";
import { SecondFactorForm } from "@/features/auth/components/second-factor-form";

type LoginFormValues = z.input<typeof loginSchema>;

type LoginFormProps = {
  onSuccess?: (user: PublicUser) => void;
  showForgotPassword?: boolean;
};

/**
 * Email and password sign-in; failures are announced by the auth mutation's notice. With two-factor sign-in on, the
 * password is followed by the second step in the same place.
 */
export function LoginForm({ onSuccess, showForgotPassword = true }: LoginFormProps) {
  const [secondStep, setSecondStep] = useState<SecondStepMethod[] | null>(null);
  if (secondStep) {
    return <SecondFactorForm methods={secondStep} onSuccess={onSuccess} onRestart={() => setSecondStep(null)} />;
  }
  return (
    <div className="grid gap-4">
      <PasswordStep onSuccess={onSuccess} onSecondStep={setSecondStep} showForgotPassword={showForgotPassword} />
      <div className="flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <PasskeySignInButton onSuccess={onSuccess} />
    </div>
  );
}

type PasswordStepProps = LoginFormProps & { onSecondStep: (methods: SecondStepMethod[]) => void };

function PasswordStep({ onSuccess, onSecondStep, showForgotPassword }: PasswordStepProps) {
  const { loginMutation } = useAuth();
  // on the page rendered ahead of time, a submission before the app has started would be the browser's own (a GET
  // with the password in the address): the button, and so Enter, wait for the app
  const isHydrated = useIsHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await loginMutation.mutateAsync(values);
      if (isTwoFactorRequired(result)) return onSecondStep(result.methods ?? ["totp"]);
      onSuccess?.(result);
    } catch (error) {
      applyServerErrors<LoginFormValues>(error, ["email", "password"], setError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <div className="grid gap-2">
          <PasswordField error={errors.password?.message} {...register("password")} />
          {showForgotPassword ? (
            <Link
              href={paths.forgotPassword.getHref()}
              className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          ) : null}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={!isHydrated}>
          {isSubmitting ? "Signing in..." : "Sign In"}
        </Button>
      </fieldset>
    </form>
  );
}
