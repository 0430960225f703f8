import { useEffect, useId } from "react";
import { useFormContext } from "react-hook-form";
import { GIFT_CARD_DELIVERY, GIFT_CARD_MESSAGE_MAX, type GiftCardDelivery } from "@shared/gift-cards";
import { FormField, TextField, fieldAria } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { EMPTY_ADDRESS, type PurchaseFormValues } from "@/features/gift-cards/lib/purchase-form-values";

const DELIVERY_LABELS: Record<GiftCardDelivery, string> = {
  sms: "SMS",
  email: "E-mail",
  whatsapp: "WhatsApp",
  physical_mail: "Physical mail (physical cards only)",
};

const SELECT_CLASS =
  "flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs aria-invalid:border-destructive md:text-sm";

/** The recipient, the message and how the cards reach them; the address only for physical mail. */
export function DeliveryFields() {
  const {
    register,
    watch,
    setValue,
    unregister,
    formState: { errors },
  } = useFormContext<PurchaseFormValues>();
  const deliveryId = useId();
  const messageId = useId();
  const cardType = watch("cardType");
  const delivery = watch("deliveryMethod");
  const isMail = delivery === "physical_mail";

  useEffect(() => {
    if (isMail) setValue("physicalAddress", EMPTY_ADDRESS);
    else unregister("physicalAddress");
  }, [isMail, setValue, unregister]);

  const address = errors.physicalAddress;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Recipient name" error={errors.recipientName?.message} {...register("recipientName")} />
        <TextField
          label="Recipient phone"
          type="tel"
          error={errors.recipientPhone?.message}
          {...register("recipientPhone")}
        />
      </div>
      <FormField id={deliveryId} label="Delivery" error={errors.deliveryMethod?.message}>
        <select
          className={SELECT_CLASS}
          {...fieldAria(deliveryId, errors.deliveryMethod?.message)}
          {...register("deliveryMethod")}
        >
          {GIFT_CARD_DELIVERY.map((method) => (
            <option key={method} value={method} disabled={method === "physical_mail" && cardType !== "physical"}>
              {DELIVERY_LABELS[method]}
            </option>
          ))}
        </select>
      </FormField>
      <TextField
        label={delivery === "email" ? "Recipient e-mail" : "Recipient e-mail (optional)"}
        type="email"
        error={errors.recipientEmail?.message}
        {...register("recipientEmail")}
      />
      <FormField
        id={messageId}
        label="Personal message (optional)"
        hint={`Up to ${GIFT_CARD_MESSAGE_MAX} characters`}
        error={errors.personalMessage?.message}
      >
        <Textarea {...fieldAria(messageId, errors.personalMessage?.message, "hint")} {...register("personalMessage")} />
      </FormField>
      {isMail ? (
        <fieldset className="grid gap-4 rounded-md border border-border p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">Delivery address</legend>
          <TextField label="Name on the parcel" error={address?.name?.message} {...register("physicalAddress.name")} />
          <TextField
            label="Phone for the courier"
            type="tel"
            error={address?.phone?.message}
            {...register("physicalAddress.phone")}
          />
          <TextField
            label="Street address"
            containerClassName="sm:col-span-2"
            error={address?.address?.message ?? address?.message}
            {...register("physicalAddress.address")}
          />
          <TextField label="City" error={address?.city?.message} {...register("physicalAddress.city")} />
          <TextField label="Region" error={address?.region?.message} {...register("physicalAddress.region")} />
          <TextField label="Postal code (optional)" {...register("physicalAddress.postalCode")} />
          <TextField label="Country" {...register("physicalAddress.country")} />
        </fieldset>
      ) : null}
    </div>
  );
}
