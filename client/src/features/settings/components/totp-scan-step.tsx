import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { enableTotpSchema, type EnableTotpInput, type TotpSetupResponse } from "@shared/validators/two-factor";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { QrCode } from "@/components/ui/qr-code";
import { toast } from "@/hooks/use-toast";
import { useEnableTotp } from "@/features/settings/api/two-factor";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

type TotpScanStepProps = { setup: TotpSetupResponse; onEnabled: (recoveryCodes: string[]) => void };

/** Scan the QR code (or type the secret), then confirm with the first code the app shows. */
export function TotpScanStep({ setup, onEnabled }: TotpScanStepProps) {
  const enable = useEnableTotp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnableTotpInput>({ resolver: zodResolver(enableTotpSchema), defaultValues: { code: "" } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      onEnabled((await enable.mutateAsync(input)).recoveryCodes);
    } catch (error) {
      if (applyServerErrors(error, ["code"] as const, setError)) return;
      toast({ title: "Could not turn it on", description: describeFailure(error), variant: "destructive" });
    }
  });

  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <QrCode value={setup.otpauthUrl} label="QR code for your authenticator app" className="rounded-md border" />
        <div className="grid gap-1">
          <span className="text-sm font-medium">Key for manual entry</span>
          <code aria-label="Key for manual entry" className="font-mono text-sm break-all">
            {grouped(setup.secret)}
          </code>
          <span className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</span>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate aria-label="Confirm the code" className="grid gap-4">
        <fieldset disabled={isSubmitting} className="grid gap-4">
          <TextField
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            error={errors.code?.message}
            {...register("code")}
          />
          <Button type="submit" className="w-fit">
            {isSubmitting ? "Turning on..." : "Turn On"}
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
