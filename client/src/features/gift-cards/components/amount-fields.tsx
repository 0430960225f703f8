import { useFormContext } from "react-hook-form";
import { GIFT_CARD_MAX, GIFT_CARD_MIN, GIFT_CARD_QUANTITY_MAX, GIFT_CARD_QUICK_PICKS } from "@shared/gift-cards";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import type { PurchaseFormValues } from "@/features/gift-cards/lib/purchase-form-values";

/** Card type, the quick picks or a custom amount, and the quantity. */
export function AmountFields() {
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<PurchaseFormValues>();
  const amount = String(watch("denomination") ?? "");
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Card type</legend>
        <div className="flex gap-4">
          {(["virtual", "physical"] as const).map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input type="radio" value={type} {...register("cardType")} />
              {type === "virtual" ? "Virtual" : "Physical (+ GHS 5 shipping)"}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <span className="text-sm font-medium" id="quick-picks">
          Amount (GHS)
        </span>
        <div role="group" aria-labelledby="quick-picks" className="flex flex-wrap gap-2">
          {GIFT_CARD_QUICK_PICKS.map((pick) => (
            <Button
              key={pick}
              type="button"
              size="sm"
              variant={amount === String(pick) ? "default" : "outline"}
              aria-pressed={amount === String(pick)}
              onClick={() => setValue("denomination", String(pick), { shouldValidate: true })}
            >
              GHS {pick}
            </Button>
          ))}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Custom amount (GHS)"
          inputMode="decimal"
          hint={`From GHS ${GIFT_CARD_MIN} to GHS ${GIFT_CARD_MAX}`}
          error={errors.denomination?.message}
          {...register("denomination")}
        />
        <TextField
          label="Quantity"
          type="number"
          min={1}
          max={GIFT_CARD_QUANTITY_MAX}
          error={errors.quantity?.message}
          {...register("quantity")}
        />
      </div>
    </div>
  );
}
