import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { changeEmailSchema } from "@shared/validators/account";
import { Button } from "@/components/ui/button";
import { PasswordField, TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useChangeEmail, usePendingEmail } from "@/features/settings/api/change-email";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { formatDateTime } from "@/lib/format";
import { applyServerErrors } from "@/lib/form-errors";

type Values = z.input<typeof changeEmailSchema>;
const FIELDS = ["password", "newEmail"] as const;

/** Change the sign-in address: it takes effect once the link sent to the new address is opened. */
export function EmailForm({ currentEmail }: { currentEmail: string }) {
  const changeEmail = useChangeEmail();
  const pending = usePendingEmail();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof changeEmailSchema>>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { password: "", newEmail: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changeEmail.mutateAsync(values);
      reset();
      toast({ title: "Check your new address", description: "Open the link we sent to confirm the change." });
    } catch (error) {
      if (applyServerErrors(error, FIELDS, setError)) return;
      const { status, message } = parseApiError(error);
      if (status === 401 && message) return setError("password", { type: "server", message });
      toast({ title: "Failed to change e-mail", description: describeFailure(error), variant: "destructive" });
    }
  });

  const waiting = pending.data?.pending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change e-mail address" className="grid max-w-md gap-4">
      <p className="text-sm text-muted-foreground">
        You sign in with <span className="font-medium text-foreground">{currentEmail}</span>.
      </p>
      {waiting ? (
        <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
          Waiting for confirmation from {waiting.newEmail} (the link works until {formatDateTime(waiting.expiresAt)}).
        </p>
      ) : null}
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          error={errors.newEmail?.message}
          {...register("newEmail")}
        />
        <PasswordField error={errors.password?.message} {...register("password")} />
        <Button type="submit" className="w-fit">
          {isSubmitting ? "Sending..." : "Change E-mail"}
        </Button>
      </fieldset>
    </form>
  );
}
