import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import type { PublicUser } from "@shared/api-types";
import { recoveryCodeSchema, totpCodeSchema, TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useCompleteSecondFactor } from "@/features/auth/api/complete-second-factor";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";

type Mode = "code" | "recoveryCode";
type Values = { value: string };

const SCHEMAS = {
  code: z.object({ value: totpCodeSchema }),
  recoveryCode: z.object({ value: recoveryCodeSchema }),
};

type SecondFactorFormProps = {
  onSuccess?: (user: PublicUser) => void;
  /** Back to the first step (the server forgot it, or the user chose to). */
  onRestart: () => void;
};

/** The second step of a sign-in: the code from the authenticator app, or one of the recovery codes. */
export function SecondFactorForm({ onSuccess, onRestart }: SecondFactorFormProps) {
  const [mode, setMode] = useState<Mode>("code");
  return (
    <div className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Two-factor sign-in</h2>
        <p className="text-sm text-muted-foreground">
          {mode === "code"
            ? "Enter the 6-digit code your authenticator app shows for Heirloom."
            : "Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once."}
        </p>
      </div>
      <CodeForm key={mode} mode={mode} onSuccess={onSuccess} onRestart={onRestart} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="link" className="px-0" onClick={() => setMode(mode === "code" ? "recoveryCode" : "code")}>
          {mode === "code" ? "Use a recovery code instead" : "Use the code from my app"}
        </Button>
        <Button variant="link" className="px-0" onClick={onRestart}>
          Back to sign in
        </Button>
      </div>
    </div>
  );
}

function CodeForm({ mode, onSuccess, onRestart }: SecondFactorFormProps & { mode: Mode }) {
  const complete = useCompleteSecondFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(SCHEMAS[mode]), defaultValues: { value: "" } });

  const onSubmit = handleSubmit(async ({ value }) => {
    try {
      const user = await complete.mutateAsync(mode === "code" ? { code: value } : { recoveryCode: value });
      onSuccess?.(user);
    } catch (error) {
      const { status, message } = parseApiError(error);
      if (status === 401 && message === TWO_FACTOR_MESSAGES.signInExpired) {
        toast({ title: "Please sign in again", description: message, variant: "destructive" });
        return onRestart();
      }
      if ((status === 401 || status === 429 || status === 400) && message) {
        return setError("value", { type: "server", message });
      }
      toast({ title: "Sign-in failed", description: describeFailure(error), variant: "destructive" });
    }
  });

  const isCode = mode === "code";
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <TextField
          label={isCode ? "Authentication code" : "Recovery code"}
          autoComplete={isCode ? "one-time-code" : "off"}
          inputMode={isCode ? "numeric" : "text"}
          autoFocus
          error={errors.value?.message}
          {...register("value")}
        />
        <Button type="submit" size="lg" className="w-full">
          {isSubmitting ? "Verifying..." : "Verify"}
        </Button>
      </fieldset>
    </form>
  );
}
