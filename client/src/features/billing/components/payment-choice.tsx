import { useId, useState } from "react";
import type { BillingPaymentMethod, UpgradePlanInput } from "@shared/validators/billing";
import { ghanaMobileNumber, MOMO_NETWORKS, type MomoNetwork } from "@shared/validators/mobile-money";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/form-field";
import { formatMoney } from "@/lib/format";

export type PaymentChoiceValue = { method: BillingPaymentMethod; network: MomoNetwork; phone: string };
export const DEFAULT_PAYMENT_CHOICE: PaymentChoiceValue = { method: "card", network: "MTN", phone: "+233" };

type PaymentFields = Omit<UpgradePlanInput, "planId">;

/**
 * The body fields of a plan or storage purchase for the chosen method, or the number's problem (the shared schema's
 * own message, "Invalid Ghana phone number format").
 */
export function paymentFieldsOf(value: PaymentChoiceValue): { fields: PaymentFields } | { error: string } {
  if (value.method === "card") return { fields: { paymentMethod: "card" } };
  const phone = ghanaMobileNumber.safeParse(value.phone);
  if (!phone.success) return { error: phone.error.issues[0]?.message ?? "Invalid Ghana phone number format" };
  return { fields: { paymentMethod: "mobile_money", mobileMoneyNetwork: value.network, payerPhone: phone.data } };
}

const NETWORKS = MOMO_NETWORKS.map((value) => ({ value, label: value }));

type Props = {
  value: PaymentChoiceValue;
  onChange: (value: PaymentChoiceValue) => void;
  /** The account credit balance in cedis ("0.00" when none): it pays first, whatever the method. */
  creditBalance: string | undefined;
  /** Set by the page when a purchase was tried with a number that is not valid. */
  showErrors: boolean;
  disabled?: boolean;
};

/**
 * How plans and storage are paid: by card (USD) or by mobile money in cedis (network and the payer's +233 number).
 * Account credit is spent first either way; the line says how much there is.
 */
export function PaymentChoice({ value, onChange, creditBalance, showErrors, disabled }: Props) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const checked = paymentFieldsOf(value);
  const phoneError = (touched || showErrors) && "error" in checked ? checked.error : undefined;
  const credit = Number(creditBalance ?? 0);

  return (
    <fieldset disabled={disabled} className="grid gap-4">
      <legend className="mb-2 font-semibold">How you pay</legend>
      <div className="flex flex-wrap gap-6" role="radiogroup" aria-label="Payment method">
        {(
          [
            ["card", "Card (USD)"],
            ["mobile_money", "Mobile money (GHS)"],
          ] as const
        ).map(([method, label]) => (
          <label key={method} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-method`}
              value={method}
              checked={value.method === method}
              onChange={() => onChange({ ...value, method })}
            />
            {label}
          </label>
        ))}
      </div>
      {value.method === "mobile_money" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Mobile money network"
            options={NETWORKS}
            value={value.network}
            onChange={(e) => onChange({ ...value, network: e.target.value as MomoNetwork })}
          />
          <TextField
            label="Payer's phone number"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+233 24 123 4567"
            value={value.phone}
            error={phoneError}
            onBlur={() => setTouched(true)}
            onChange={(e) => onChange({ ...value, phone: e.target.value })}
          />
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground" data-testid="credit-note">
        {credit > 0
          ? `Your account credit of ${formatMoney(credit, { currency: "GHS" })} is spent first; ${
              value.method === "card" ? "the card" : "mobile money"
            } pays only the rest.`
          : "Prices in cedis are fixed published prices. Gift-card credit, when you have some, is spent first."}
      </p>
    </fieldset>
  );
}
