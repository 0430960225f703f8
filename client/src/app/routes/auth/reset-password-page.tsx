import { useState } from "react";
import { Link, useParams } from "wouter";
import { CircleCheck } from "lucide-react";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";

export function ResetPasswordPage() {
  const { token = "" } = useParams<{ token: string }>();
  const [isDone, setIsDone] = useState(false);

  return (
    <AuthLayout>
      <title>Reset password · Heirloom</title>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Choose a new password</h1>
        {!isDone ? (
          <p className="mt-2 text-muted-foreground">For your security, the link in your e-mail works only once.</p>
        ) : null}
      </div>
      {isDone ? (
        <div role="status" className="grid gap-4">
          <p className="flex gap-3 rounded-md border border-success bg-card p-4 text-sm">
            <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
            Your password has been changed. You can now sign in with your new password.
          </p>
          <Button asChild size="lg">
            <Link href={paths.auth.getHref()}>Sign In</Link>
          </Button>
        </div>
      ) : (
        <ResetPasswordForm token={token} onSuccess={() => setIsDone(true)} />
      )}
      <p className="mt-8 text-center text-sm">
        <Link
          href={paths.forgotPassword.getHref()}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Request a new link
        </Link>
      </p>
    </AuthLayout>
  );
}
