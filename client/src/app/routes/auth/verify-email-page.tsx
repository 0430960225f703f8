import { useEffect, useRef } from "react";
import { Link, useParams } from "wouter";
import { CircleAlert, CircleCheck } from "lucide-react";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { homePathFor, paths } from "@/config/paths";
import { parseApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { useVerifyEmail } from "@/features/auth/api/verify-email";

function failureText(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === 404) return "This verification link is invalid or has expired.";
  if (status === 409) return "This e-mail address has already been verified.";
  return message || "We could not verify your e-mail address. Please try again.";
}

export function VerifyEmailPage() {
  const { token = "" } = useParams<{ token: string }>();
  const { user } = useAuth();
  const verifyEmail = useVerifyEmail();
  const { mutate } = verifyEmail;
  // The token works once; never send it twice (StrictMode runs effects twice in development).
  const hasSent = useRef(false);

  useEffect(() => {
    if (hasSent.current) return;
    hasSent.current = true;
    mutate({ token });
  }, [mutate, token]);

  const next = user
    ? { href: homePathFor(user), label: "Go to your dashboard" }
    : { href: paths.auth.getHref(), label: "Sign In" };

  return (
    <AuthLayout>
      <title>Verify e-mail · Heirloom</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">E-mail verification</h1>
      {verifyEmail.isError ? (
        <p role="alert" className="flex gap-3 rounded-md border border-destructive bg-card p-4 text-sm">
          <CircleAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
          {failureText(verifyEmail.error)}
        </p>
      ) : verifyEmail.isSuccess ? (
        <p role="status" className="flex gap-3 rounded-md border border-success bg-card p-4 text-sm">
          <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
          Thank you. Your e-mail address is verified.
        </p>
      ) : (
        <Spinner label="Verifying your e-mail address..." showLabel />
      )}
      <Button asChild size="lg" className="mt-6 w-full">
        <Link href={next.href}>{next.label}</Link>
      </Button>
    </AuthLayout>
  );
}
