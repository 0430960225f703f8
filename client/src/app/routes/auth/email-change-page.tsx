import { useEffect, useRef } from "react";
import { Link, useParams } from "wouter";
import { CircleAlert, CircleCheck } from "lucide-react";
import { AuthLayout } from "@/components/layouts/auth-layout";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { parseApiError } from "@/lib/api-client";
import { useEmailChangeLink } from "@/features/settings/api/change-email";

function failureText(error: unknown): string {
  const { status, message } = parseApiError(error);
  if (status === 404) return "This link is invalid or has expired.";
  if (status === 409) return message || "This link has already been used.";
  return message || "Something went wrong. Please try again.";
}

/** The page behind the e-mailed links: confirm the new address, or undo the change from the old one. */
function EmailChangeLinkPage({ kind, title }: { kind: "confirm" | "undo"; title: string }) {
  const { token = "" } = useParams<{ token: string }>();
  const link = useEmailChangeLink(kind);
  const { mutate } = link;
  // The token works once; never send it twice (StrictMode runs effects twice in development).
  const hasSent = useRef(false);
  useEffect(() => {
    if (hasSent.current) return;
    hasSent.current = true;
    mutate({ token });
  }, [mutate, token]);

  return (
    <AuthLayout>
      <title>{`${title} · Heirloom`}</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{title}</h1>
      {link.isError ? (
        <p role="alert" className="flex gap-3 rounded-md border border-destructive bg-card p-4 text-sm">
          <CircleAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
          {failureText(link.error)}
        </p>
      ) : link.isSuccess ? (
        <p role="status" className="flex gap-3 rounded-md border border-success bg-card p-4 text-sm">
          <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
          {link.data.message}
        </p>
      ) : (
        <Spinner label="One moment..." showLabel />
      )}
      <Button asChild size="lg" className="mt-6 w-full">
        <Link href={kind === "undo" ? paths.forgotPassword.getHref() : paths.auth.getHref()}>
          {kind === "undo" ? "Reset your password" : "Sign In"}
        </Link>
      </Button>
    </AuthLayout>
  );
}

export function ConfirmEmailChangePage() {
  return <EmailChangeLinkPage kind="confirm" title="Confirm your new e-mail" />;
}

export function UndoEmailChangePage() {
  return <EmailChangeLinkPage kind="undo" title="Undo the e-mail change" />;
}
