import { FormProvider, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { GIFT_CARD_SHIPPING_GHS } from "@shared/gift-cards";
import { GIFT_CARD_MESSAGES, purchaseGiftCardSchema, type PurchaseGiftCardInput } from "@shared/validators/gift-cards";
import { MOMO_NETWORKS } from "@shared/validators/mobile-money";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { SelectField } from "@/components/ui/select-field";
import { toast } from "@/hooks/use-toast";
import { withServerReason } from "@/lib/describe-failure";
import { usePurchaseGiftCards } from "@/features/gift-cards/api/gift-card-api";
import type { CardPaymentDto, GiftCardPurchaseDto, MomoPaymentDto } from "@/features/gift-cards/api/gift-card-types";
import { AmountFields } from "@/features/gift-cards/components/amount-fields";
import { DeliveryFields } from "@/features/gift-cards/components/delivery-fields";
import { DesignPicker } from "@/features/gift-cards/components/design-picker";
import {
  EMPTY_PURCHASE,
  formatGhs,
  liveTotalMinor,
  type PurchaseFormValues,
} from "@/features/gift-cards/lib/purchase-form-values";

const NETWORKS = MOMO_NETWORKS.map((value) => ({ value, label: value }));

type Props = {
  onPurchased: (order: { purchase: GiftCardPurchaseDto; payment: MomoPaymentDto | CardPaymentDto }) => void;
};

/** Spec 001 §2 "Gift cards": the order and how it is paid (mobile money or card); the server starts the payment. */
export function PurchaseForm({ onPurchased }: Props) {
  const purchase = usePurchaseGiftCards();
  const form = useForm<PurchaseFormValues, unknown, PurchaseGiftCardInput>({
    resolver: zodResolver(purchaseGiftCardSchema),
    defaultValues: EMPTY_PURCHASE,
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [denomination, quantity, cardType, paymentMethod] = useWatch({
    control,
    name: ["denomination", "quantity", "cardType", "paymentMethod"],
  });
  const total = liveTotalMinor({ denomination, quantity, cardType });

  const submit = handleSubmit(async (values) => {
    try {
      const order = await purchase.mutateAsync(values);
      if (!order.payment) throw new Error(GIFT_CARD_MESSAGES.failure);
      onPurchased({ purchase: order.purchase, payment: order.payment });
    } catch (error) {
      toast({
        title: GIFT_CARD_MESSAGES.failureTitle,
        description: withServerReason(GIFT_CARD_MESSAGES.failure, error),
        variant: "destructive",
      });
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Buy gift cards">
        <fieldset disabled={isSubmitting} className="grid gap-6">
          <AmountFields />
          <DeliveryFields />
          <DesignPicker />
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Pay by</legend>
            <div className="flex gap-4">
              {(["mobile_money", "card"] as const).map((method) => (
                <label key={method} className="flex items-center gap-2 text-sm">
                  <input type="radio" value={method} {...register("paymentMethod")} />
                  {method === "mobile_money" ? "Mobile money" : "Card"}
                </label>
              ))}
            </div>
          </fieldset>
          {paymentMethod === "card" ? (
            <p className="text-sm text-muted-foreground">
              You pay the total in cedis on a secure card payment page, then come back here for the codes.
            </p>
          ) : (
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-medium">Mobile money payer</legend>
              <SelectField
                label="Mobile money network"
                options={NETWORKS}
                error={errors.mobileMoneyNetwork?.message}
                {...register("mobileMoneyNetwork")}
              />
              <TextField
                label="Payer phone"
                type="tel"
                placeholder="+233XXXXXXXXX"
                error={errors.payerPhone?.message}
                {...register("payerPhone")}
              />
            </fieldset>
          )}
          <p aria-live="polite" className="flex items-baseline justify-between rounded-md bg-muted p-3">
            <span className="text-sm">
              Total{cardType === "physical" ? ` (incl. GHS ${GIFT_CARD_SHIPPING_GHS} shipping)` : ""}
            </span>
            <output aria-label="Total" className="text-lg font-semibold">
              {formatGhs(total)}
            </output>
          </p>
          <Button type="submit" className="w-full">
            {isSubmitting ? "Starting payment..." : "Buy and pay"}
          </Button>
        </fieldset>
      </form>
    </FormProvider>
  );
}
