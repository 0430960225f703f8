import { Link } from "wouter";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { paths } from "@/config/paths";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";

export function ForgotPasswordPage() {
  return (
    <AuthLayout>
      <title>Forgot password · Heirloom</title>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Forgot your password?</h1>
        <p className="mt-2 text-muted-foreground">
          Enter the e-mail address you signed up with and we will send you a link to choose a new password.
        </p>
      </div>
      <ForgotPasswordForm />
      <p className="mt-8 text-center text-sm">
        <Link href={paths.auth.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
