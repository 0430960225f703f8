import { useState } from "react";
import type { GiftCardPurchaseDto, MomoPaymentDto } from "@/features/gift-cards/api/gift-card-types";
import { PaymentStep } from "@/features/gift-cards/components/payment-step";
import { PurchaseForm } from "@/features/gift-cards/components/purchase-form";

type Order = { purchase: GiftCardPurchaseDto; payment: MomoPaymentDto };

/** The purchase form, then the order's payment step until the buyer starts another order. */
export function GiftCardShop() {
  const [order, setOrder] = useState<Order | null>(null);
  if (order) return <PaymentStep {...order} onDone={() => setOrder(null)} />;
  return <PurchaseForm onPurchased={setOrder} />;
}
