import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { redeemGiftCardSchema } from "@shared/validators/gift-cards";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { useAccountCredit, useRedeemGiftCard } from "@/features/gift-cards/api/gift-card-api";

type FormValues = z.input<typeof redeemGiftCardSchema>;

function CreditBalance() {
  const credit = useAccountCredit();
  if (credit.isPending) return <p className="text-sm text-muted-foreground">Loading your balance...</p>;
  if (credit.error) return <p className="text-sm text-destructive">Could not load your balance.</p>;
  return (
    <p className="text-sm">
      Account credit:{" "}
      <strong data-testid="credit-balance">
        {credit.data.balance.currency} {credit.data.balance.amount}
      </strong>
    </p>
  );
}

/** Redeem a gift card: its value becomes account credit; the server's 404/409 messages land on the field. */
export function RedeemForm() {
  const redeem = useRedeemGiftCard();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof redeemGiftCardSchema>>({
    resolver: zodResolver(redeemGiftCardSchema),
    defaultValues: { code: "" },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await redeem.mutateAsync(values);
      reset();
    } catch (error) {
      const { status, message } = parseApiError(error);
      const isAboutCode = status === 400 || status === 404 || status === 409 || status === 429;
      setError("code", { type: "server", message: isAboutCode && message ? message : describeFailure(error) });
    }
  });

  return (
    <div className="grid gap-4">
      <CreditBalance />
      <form onSubmit={submit} noValidate aria-label="Redeem a gift card">
        <fieldset disabled={isSubmitting} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
          <TextField label="Gift card code" autoComplete="off" error={errors.code?.message} {...register("code")} />
          <Button type="submit" className="sm:mt-6">
            {isSubmitting ? "Redeeming..." : "Redeem"}
          </Button>
        </fieldset>
      </form>
      {redeem.isSuccess ? (
        <p role="status" className="rounded-md border border-success p-3 text-sm">
          {redeem.data.credited.currency} {redeem.data.credited.amount} added. Your balance is now{" "}
          {redeem.data.balance.currency} {redeem.data.balance.amount}.
        </p>
      ) : null}
    </div>
  );
}
