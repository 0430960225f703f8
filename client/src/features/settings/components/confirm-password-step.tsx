import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { reauthSchema, type ReauthInput } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/form-field";
import { useConfirmPassword } from "@/features/settings/api/two-factor";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { useAuth } from "@/lib/auth";
import { ConfirmWithPasskeyButton } from "./confirm-with-passkey-button";

/**
 * A sign-in older than 15 minutes: the password (or one of the user's passkeys) confirms it before a sensitive step
 * goes on.
 */
export function ConfirmPasswordStep({ onConfirmed }: { onConfirmed: () => void }) {
  const confirm = useConfirmPassword();
  const hasPasskey = (useAuth().user?.passkeyCount ?? 0) > 0;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReauthInput>({ resolver: zodResolver(reauthSchema), defaultValues: { password: "" } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await confirm.mutateAsync(input);
      onConfirmed();
    } catch (error) {
      const { message } = parseApiError(error);
      setError("password", { type: "server", message: message || describeFailure(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Confirm your password" className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        For your safety, confirm your password{hasPasskey ? " or use one of your passkeys" : ""}: you signed in more
        than 15 minutes ago.
      </p>
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <PasswordField error={errors.password?.message} {...register("password")} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="w-fit">
            {isSubmitting ? "Confirming..." : "Confirm Password"}
          </Button>
          {hasPasskey ? (
            <ConfirmWithPasskeyButton
              onConfirmed={onConfirmed}
              onFailed={(message) => setError("password", { type: "server", message })}
            />
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}
